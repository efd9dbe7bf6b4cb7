/**
 * npm run test:durations — runs the tests with vitest's JSON reporter and writes each file's duration to
 * test/run/durations.json, the order test/run/sequencer.ts starts them in. Rerun it when files come or go or change
 * much; an out-of-date list only costs time, never a result.
 *
 * `--from <report.json>` reads an existing report instead of running the tests.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { durationKey } from '../test/run/sequencer.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromAt = process.argv.indexOf('--from');
let report: string;
if (fromAt > 0) report = process.argv[fromAt + 1]!;
else {
  report = join(mkdtempSync(join(tmpdir(), 'huarong-durations-')), 'report.json');
  execFileSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit', cwd: root });
}
interface Report {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as Report;
const durations = Object.fromEntries(
  testResults
    .map((r) => [durationKey(root, r.name), Math.round((r.endTime - r.startTime) / 100) / 10] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
);
writeFileSync(new URL('../test/run/durations.json', import.meta.url), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`test/run/durations.json: ${Object.keys(durations).length} files`);
