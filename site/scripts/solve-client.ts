/**
 * Getting a solution: the /solve API first; when it is unreachable or answers budget-exceeded, the same solver core in
 * a Web Worker in this browser, with progress and cancel.
 */
import type { GoalSpec, Metric, Progress, SolveResult, TilesResult } from '../../solver/index.ts';

export interface ApiFailure {
  kind: 'bad-input' | 'budget-exceeded' | 'unavailable';
  message: string;
}

export type RemoteOutcome = { ok: true; result: (SolveResult | TilesResult) & { cached?: boolean } } | { ok: false; failure: ApiFailure };

export async function solveRemote(base: string, layout: string, metric: Metric, goal?: GoalSpec | null): Promise<RemoteOutcome> {
  try {
    const res = goal
      ? await fetch(`${base}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout, metric, goal }) })
      : await fetch(`${base}/solve?layout=${encodeURIComponent(layout)}&metric=${metric}`);
    const body = await res.json().catch(() => null);
    if (res.ok && body && Array.isArray(body.moves)) return { ok: true, result: body };
    const error = body?.error;
    if (res.status === 400) return { ok: false, failure: { kind: 'bad-input', message: error?.message ?? 'bad input' } };
    if (error?.code === 'budget-exceeded') return { ok: false, failure: { kind: 'budget-exceeded', message: error.message } };
    return { ok: false, failure: { kind: 'unavailable', message: error?.message ?? `HTTP ${res.status}` } };
  } catch (e) {
    return { ok: false, failure: { kind: 'unavailable', message: (e as Error).message } };
  }
}

export interface LocalSolve {
  result: Promise<SolveResult | TilesResult | null>;
  cancel(): void;
}

export interface WorkerSource {
  /** Starts the solver worker (default: the site's own, bundled by Astro). */
  start(): Worker;
  /** Origin of the site's files (tables, databases) as seen from the worker; '' for the site itself. */
  base: string;
}

/**
 * A solver worker for a page on another origin (the widget on a blog): browsers only start workers from the page's
 * own origin, so a blob URL of that origin imports the solver module from ours (served with CORS).
 */
export function crossOriginWorker(moduleUrl: string, base: string): WorkerSource {
  return {
    base,
    start: () => {
      const blob = new Blob([`import ${JSON.stringify(moduleUrl)};`], { type: 'text/javascript' });
      const url = URL.createObjectURL(blob);
      const worker = new Worker(url, { type: 'module' });
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return worker;
    },
  };
}

const siteWorker: WorkerSource = { base: '', start: () => new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' }) };

/**
 * Solves in a Web Worker; `onProgress` gets positions and elapsed time, `onDownload` the bytes of tables fetched so
 * far (the 4×4 databases) and their total; `cancel()` resolves the result with null.
 */
export function solveInBrowser(
  layout: string,
  metric: Metric,
  goal: GoalSpec | null | undefined,
  onProgress: (p: Progress) => void,
  source: WorkerSource = siteWorker,
  onDownload?: (loaded: number, total: number) => void,
): LocalSolve {
  const worker = source.start();
  let settle!: (r: SolveResult | TilesResult | null) => void;
  let fail!: (e: Error) => void;
  const result = new Promise<SolveResult | TilesResult | null>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  worker.onmessage = (e: MessageEvent) => {
    const msg = e.data;
    if (msg.type === 'progress') onProgress(msg.progress);
    else if (msg.type === 'download') onDownload?.(msg.loaded, msg.total);
    else if (msg.type === 'done') {
      settle(msg.result);
      worker.terminate();
    } else if (msg.type === 'error') {
      fail(new Error(msg.message));
      worker.terminate();
    }
  };
  worker.onerror = (e) => {
    fail(new Error(e.message || 'the in-browser solver failed'));
    worker.terminate();
  };
  worker.postMessage({ layout, metric, goal, base: source.base });
  return {
    result,
    cancel: () => {
      worker.terminate();
      settle(null);
    },
  };
}
