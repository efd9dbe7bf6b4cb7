/**
 * The WebAssembly search engine in the Worker. Workers may not compile code at run time, so the module is imported
 * (wrangler bundles the .wasm file compiled) and instantiated once per isolate, before its first search.
 */
import engineModule from '../solver/klotski/wasm/bitboard-search.wasm';
import { loadBitboardEngine } from '../solver/klotski/wasm/engine.ts';

let loading: Promise<void> | undefined;

/** Resolves once breadth-first searches in this isolate run on the engine. */
export function ensureEngine(): Promise<void> {
  loading ??= loadBitboardEngine(engineModule);
  return loading;
}
