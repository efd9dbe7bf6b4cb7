/**
 * A layer's chunks shared out between threads (dense-threads.ts and each dense-worker.ts): whoever is free takes the
 * next. Apart from both so that the worker need not import the module that starts it.
 */
import { layerPart, type DenseExports, type PartResult } from '../klotski/dense/engine.ts';

/**
 * Runs chunks of a round as this thread takes them (word 0 of `shared` counts them out) until none is left or a part
 * stopped at a goal (word 1); what they did, summed.
 */
export function takeChunks(wasm: DenseExports, shared: Int32Array, from: number, to: number, chunk: number, d: number, stop: boolean): PartResult {
  const sum: PartResult = { found: 0, expanded: 0, generated: 0, goal: -1, solved: 0, lastNew: -1 };
  for (;;) {
    const start = from + Atomics.add(shared, 0, 1) * chunk;
    if (start >= to || Atomics.load(shared, 1) !== 0) return sum;
    const r = layerPart(wasm, start, Math.min(to, start + chunk), d, stop);
    sum.found += r.found;
    sum.expanded += r.expanded;
    sum.generated += r.generated;
    sum.solved += r.solved;
    if (r.lastNew >= 0) sum.lastNew = r.lastNew;
    if (r.goal >= 0 && sum.goal < 0) sum.goal = r.goal;
    if (stop && r.goal >= 0) Atomics.store(shared, 1, 1);
  }
}
