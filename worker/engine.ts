/**
 * The WebAssembly search engine in the Worker. Workers may not compile code at run time, so the module is imported
 * (wrangler bundles the .wasm file compiled) and instantiated once per isolate, before its first search —
 * synchronously, so no request ever waits on a loading promise another request created.
 */
import engineModule from '../solver/klotski/wasm/bitboard-search.wasm';
import { bitboardEngineInstantiated, instantiateBitboardEngine } from '../solver/klotski/wasm/engine.ts';

/** Breadth-first searches in this isolate run on the engine from the first call on. */
export function ensureEngine(): void {
  if (!bitboardEngineInstantiated()) instantiateBitboardEngine(engineModule);
}
