/**
 * npm run build:wasm — compiles the AssemblyScript engine (solver/klotski/wasm/assembly/) to WebAssembly: the search
 * engine for the Worker, the browser and Node (bitboard-search.wasm, also copied to site/public/engine/ for the
 * browser) and the shared-memory dense search for Node's threads (dense-threads.wasm).
 *
 * `--if-stale` compiles only when an output is missing or older than a source, this script or the compiler: `npm
 * install` compiles once (the `prepare` script) and `npm run build` then has nothing to do.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const ASSEMBLY = 'solver/klotski/wasm/assembly';
const COMMON = ['-O3', '--runtime', 'stub', '--noAssert', '--enable', 'simd'];
const OUTPUTS: Array<{ source: string; out: string; flags: string[] }> = [
  { source: `${ASSEMBLY}/index.ts`, out: 'solver/klotski/wasm/bitboard-search.wasm', flags: [] },
  {
    source: `${ASSEMBLY}/dense-threads.ts`,
    out: 'solver/node/dense-threads.wasm',
    flags: ['--enable', 'threads', '--importMemory', '--sharedMemory', '--initialMemory', '16', '--maximumMemory', '65536'],
  },
];
const BROWSER_COPY = 'site/public/engine/bitboard-search.wasm';

function stale(): boolean {
  const inputs = [...readdirSync(root(ASSEMBLY)).map((f) => `${ASSEMBLY}/${f}`), 'scripts/build-wasm.ts', 'node_modules/assemblyscript/package.json'];
  const newestInput = Math.max(...inputs.map((f) => statSync(root(f)).mtimeMs));
  return [...OUTPUTS.map((o) => o.out), BROWSER_COPY].some((out) => !existsSync(root(out)) || statSync(root(out)).mtimeMs < newestInput);
}

if (process.argv.includes('--if-stale') && !stale()) {
  console.log('WebAssembly engine up to date');
} else {
  const asc = root('node_modules/assemblyscript/bin/asc.js');
  for (const { source, out, flags } of OUTPUTS) execFileSync(process.execPath, [asc, root(source), ...COMMON, ...flags, '-o', root(out)], { stdio: 'inherit' });
  mkdirSync(root('site/public/engine'), { recursive: true });
  copyFileSync(root(OUTPUTS[0]!.out), root(BROWSER_COPY));
}
