/// <reference lib="webworker" />
/** Web Worker: runs the solver core off the main thread, posting progress every ~100 ms. */
import { solveCode } from '../../solver/index.ts';

self.onmessage = (e: MessageEvent) => {
  const { layout, metric, goal } = e.data;
  const outcome = solveCode(layout, {
    metric,
    goal,
    maxMs: 10 * 60_000,
    onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
  });
  if (outcome.ok) self.postMessage({ type: 'done', result: outcome.value });
  else self.postMessage({ type: 'error', message: outcome.error.message });
};
