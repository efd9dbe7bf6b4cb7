/** Node side of the WebAssembly search engine (klotski/wasm/engine.ts): its module, read from disk. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { loadBitboardEngine } from '../klotski/wasm/engine.ts';

/** Built by `npm run build:wasm` (which `npm install`, `npm test` and `npm run bench` run). */
export const ENGINE_FILE = new URL('../klotski/wasm/bitboard-search.wasm', import.meta.url);

/**
 * Loads the engine for this process's breadth-first searches; false when it has not been built (the TypeScript
 * engines then run: the same answers, slower).
 */
export async function loadEngineFromDisk(file: URL = ENGINE_FILE): Promise<boolean> {
  if (!existsSync(file)) return false;
  // V8 first compiles WebAssembly with its baseline compiler and swaps in optimised code for later calls; a search is
  // one long call, so the first search of a process (the CLI's only one) would run baseline code from start to end,
  // about half as fast. Compiled optimised from the start instead (a few milliseconds more, once).
  setFlagsFromString('--no-liftoff');
  await loadBitboardEngine(await WebAssembly.compile(await readFile(file)));
  return true;
}
