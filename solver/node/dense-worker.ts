/** A worker thread of the two-bit search (dense-threads.ts): its instance on the shared memory, running the jobs posted. */
import { workerData } from 'node:worker_threads';
import type { DenseExports } from '../klotski/dense/engine.ts';
import { takeChunks } from './dense-chunks.ts';

const { module, memory, control, results, shared, index } = workerData as { module: WebAssembly.Module; memory: WebAssembly.Memory; control: Int32Array; results: Float64Array; shared: Int32Array; index: number };
const wasm = new WebAssembly.Instance(module, { env: { memory, abort: () => { throw new Error('internal: the dense search aborted'); } } }).exports as unknown as DenseExports;
const base = index * 16;
for (;;) {
  Atomics.wait(control, base, 0);
  Atomics.wait(control, base, 2);
  const state = Atomics.load(control, base);
  if (state === 3) break;
  if (state !== 1) continue;
  const [kind, a, b, c, d, e, f, g, h, i] = Array.from(control.subarray(base + 1, base + 11));
  if (kind === 0) {
    wasm.denseUse(a!, b!);
    wasm.denseTables(c!, d!, e!, f!, g!, h!);
    wasm.setTargets(i!, control[base + 11]!);
  } else {
    const r = takeChunks(wasm, shared, a!, b!, c!, d!, e === 1);
    results.set([r.found, r.expanded, r.generated, r.goal, r.solved, r.lastNew], 8 * index);
  }
  Atomics.store(control, base, 2);
  Atomics.notify(control, base);
}
