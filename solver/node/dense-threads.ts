/**
 * Node's two-bit search on every core: the threads build of the search (assembly/dense-threads.ts) instantiated on
 * one shared memory by this thread and by worker threads (dense-worker.ts). Each layer's rounds (dense/engine.ts
 * `layerRounds`) hand each thread a range of big placements; codes and frontier bits are set with atomic ORs. The solver
 * core stays single-threaded (the browser's and the Worker's); `loadDenseThreads` registers this pool with it, and
 * `solve`'s and `analyze`'s two-bit searches then run here, the calls blocking on Atomics.wait.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DenseExports, DenseSetup, PartResult, Round } from '../klotski/dense/engine.ts';
import { takeChunks } from './dense-chunks.ts';
import { setDensePool } from '../klotski/dense/search.ts';

export const DENSE_THREADS_FILE = new URL('./dense-threads.wasm', import.meta.url);

/** Per worker, its control words: state (0 idle, 1 job, 2 done, 3 quit), the job's fields, and what it did. */
const CONTROL_WORDS = 16;
const JOB = 1;
const DONE = 2;
const QUIT = 3;

export interface DenseThreads {
  threads: number;
  close(): Promise<void>;
}

/** Loads the threads build and starts `threads − 1` workers (this thread is the last); null when it is not built. */
export function loadDenseThreads(threads = availableParallelism()): DenseThreads | null {
  if (!existsSync(DENSE_THREADS_FILE) || threads < 1) return null;
  const module = new WebAssembly.Module(readFileSync(DENSE_THREADS_FILE));
  const memory = new WebAssembly.Memory({ initial: 16, maximum: 65536, shared: true });
  const wasm = new WebAssembly.Instance(module, { env: { memory, abort: () => { throw new Error('internal: the dense search aborted'); } } }).exports as unknown as DenseExports;
  const control = new Int32Array(new SharedArrayBuffer(4 * CONTROL_WORDS * Math.max(1, threads - 1)));
  const results = new Float64Array(new SharedArrayBuffer(8 * 8 * Math.max(1, threads - 1)));
  // Word 0 of `shared`: the next chunk of the round to take; word 1: set when a part stopped at a goal.
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const workers = Array.from({ length: threads - 1 }, (_, i) => {
    const worker = new Worker(new URL('./dense-worker.ts', import.meta.url), { workerData: { module, memory, control, results, shared, index: i } });
    worker.unref();
    return worker;
  });
  const post = (i: number, words: number[]) => {
    for (let k = 0; k < words.length; k++) control[i * CONTROL_WORDS + 1 + k] = words[k]!;
    Atomics.store(control, i * CONTROL_WORDS, JOB);
    Atomics.notify(control, i * CONTROL_WORDS);
  };
  const wait = (i: number) => {
    while (Atomics.load(control, i * CONTROL_WORDS) !== DONE) Atomics.wait(control, i * CONTROL_WORDS, JOB);
  };
  setDensePool({
    wasm,
    parallel: threads,
    configure(setup: DenseSetup, targets: [number, number]) {
      // Job 0: take the search's header, a scratch area of its own, the tables and the goal's targets.
      workers.forEach((_, i) => post(i, [0, setup.header, wasm.denseScratch(), ...setup.tables, ...targets]));
      workers.forEach((_, i) => wait(i));
    },
    run(round: Round): PartResult[] {
      const { from, to, chunk, d, stop } = round;
      Atomics.store(shared, 0, 0);
      Atomics.store(shared, 1, 0);
      workers.forEach((_, i) => post(i, [1, from, to, chunk, d, stop ? 1 : 0]));
      const out = [takeChunks(wasm, shared, from, to, chunk, d, stop)];
      workers.forEach((_, i) => {
        wait(i);
        const r = results.subarray(8 * i, 8 * i + 8);
        out.push({ found: r[0]!, expanded: r[1]!, generated: r[2]!, goal: r[3]!, solved: r[4]!, lastNew: r[5]! });
      });
      return out;
    },
  });
  return {
    threads,
    async close() {
      setDensePool(null);
      workers.forEach((_, i) => {
        Atomics.store(control, i * CONTROL_WORDS, QUIT);
        Atomics.notify(control, i * CONTROL_WORDS);
      });
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
