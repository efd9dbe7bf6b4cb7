/**
 * npm run bench:sweeps — the tests' exhaustive sweeps run whole (test/helpers/sweeps.ts: HUARONG_SWEEPS=full): every
 * number of every tablebase mix ranked and back with the valid ones counted, every sampled arrangement's distance
 * against the independent search, every board of the layer counts, every IDA* case, every random board with losses.
 * `npm test` runs a sample of each (the browser tier's too: a stream of 1,000 misses with hang-ups rather than 400, which
 * needs the built site — the npm script builds it). Prints the files and the time they took whole.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Test files that sample a sweep: they import the sweeps helper, or the tablebase checks that do. */
function sweepFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sweepFiles(path);
    if (!name.endsWith('.test.ts')) return [];
    return /helpers\/(sweeps|tablebase-checks)\.ts'/.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

const files = sweepFiles('test');
console.log(`whole sweeps of ${files.length} test files:\n  ${files.join('\n  ')}`);
const started = performance.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', '--project', 'site', ...files], { stdio: 'inherit', env: { ...process.env, HUARONG_SWEEPS: 'full' } });
console.log(`whole sweeps: ${((performance.now() - started) / 1000).toFixed(1)} s, exit ${run.status}`);
process.exit(run.status ?? 1);
