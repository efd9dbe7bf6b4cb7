/**
 * Getting a solution: the /solve API first; when it is unreachable or answers budget-exceeded, the same solver core in
 * a Web Worker in this browser, with progress and cancel. When the server goes on with it as a solve job (202), the
 * job is watched meanwhile (`watchJob`): whichever answer comes first is shown.
 */
import type { GoalInput, Metric, Progress, Slide, SolveResult, TilesResult } from '../../solver/index.ts';
import { storedSearchLimits } from './search-limits.ts';

export interface ApiFailure {
  kind: 'bad-input' | 'budget-exceeded' | 'unavailable';
  message: string;
  /** The server's solve job that goes on with it (a 202): its URL, to watch. */
  job?: { url: string };
}

export type RemoteOutcome = { ok: true; result: (SolveResult | TilesResult) & { cached?: boolean } } | { ok: false; failure: ApiFailure };

export async function solveRemote(base: string, layout: string, metric: Metric, goal?: GoalInput | null, slide: Slide = 'free'): Promise<RemoteOutcome> {
  try {
    // A goal drawing travels as the API's goal text; a piece and its place as { piece, at }. The line rule (Rush
    // Hour) is said only when asked for: `free` is the API's default.
    const line = slide === 'line' ? { slide } : {};
    const request = goal && { layout, metric, goal: 'drawing' in goal ? goal.drawing : goal, ...line };
    const res = request
      ? await fetch(`${base}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request) })
      : await fetch(`${base}/solve?layout=${encodeURIComponent(layout)}&metric=${metric}${slide === 'line' ? '&slide=line' : ''}`);
    const body = await res.json().catch(() => null);
    if (res.ok && body && Array.isArray(body.moves)) return { ok: true, result: body };
    // A 202 (a job goes on) says its code and message at the top level; an error, and a 202 of older servers, in `error`.
    const error = res.status === 202 && typeof body?.code === 'string' ? body : body?.error;
    if (res.status === 400) return { ok: false, failure: { kind: 'bad-input', message: error?.message ?? 'bad input' } };
    if (error?.code === 'budget-exceeded') {
      const job = res.status === 202 && typeof body?.job?.url === 'string' ? { job: { url: body.job.url as string } } : {};
      return { ok: false, failure: { kind: 'budget-exceeded', message: error.message, ...job } };
    }
    return { ok: false, failure: { kind: 'unavailable', message: error?.message ?? `HTTP ${res.status}` } };
  } catch (e) {
    return { ok: false, failure: { kind: 'unavailable', message: (e as Error).message } };
  }
}

/**
 * Sends a solution this browser found for a layout the server could not answer (POST /solve/answers): the server
 * replays it and serves it to everyone as the best known line (optimal only where it meets a bound it proved).
 * Fire-and-forget: never awaited by the page, every failure (offline, refused, rate-limited) ignored; `keepalive` lets
 * it finish when the visitor leaves the page.
 */
export function sendAnswer(base: string, layout: string, metric: Metric, goal: GoalInput | null | undefined, result: SolveResult | TilesResult): void {
  if (result.status !== 'solved' || result.kind !== 'klotski') return; // the server takes Klotski lines only
  if (result.slide === 'line') return; // and under the free rule only (a Rush Hour line is never over its budget)
  try {
    const body = JSON.stringify({ layout, metric, ...(goal ? { goal: 'drawing' in goal ? goal.drawing : goal } : {}), moves: result.moves });
    void fetch(`${base}/solve/answers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: body.length < 60_000 }).catch(() => undefined);
  } catch {
    // Nothing the page needs: the answer is shown either way.
  }
}

/** How often a job is looked at (the server asks for at least this with Retry-After). */
const JOB_POLL_MS = 3000;

export interface JobWatch {
  /** The job's answer once it ends with one (solved or unsolvable); null when it gives up, fails or is stopped. */
  result: Promise<(SolveResult | TilesResult) | null>;
  /** As `result`, settling only with an answer (never when there is none): to race against the browser's solve. */
  answer: Promise<SolveResult | TilesResult>;
  stop(): void;
}

/**
 * Watches a solve job until it ends. Only the same origin's (or the widget's own origin's) job URLs are followed: the
 * URL came from the API, but a page should never poll a place it was merely told about.
 */
export function watchJob(url: string, base: string): JobWatch {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const allowed = new URL(url, location.href).origin === new URL(base || location.origin, location.href).origin;
  const result = new Promise<(SolveResult | TilesResult) | null>((resolve) => {
    if (!allowed) return resolve(null);
    const look = async () => {
      if (stopped) return resolve(null);
      try {
        const res = await fetch(url, { cache: 'no-store' });
        const body = await res.json().catch(() => null);
        if (!res.ok || !body) return resolve(null);
        if (body.status !== 'searching') return resolve(body.result && Array.isArray(body.result.moves) ? body.result : null);
      } catch {
        // A failed look is tried again: the job goes on whether or not this page can see it.
      }
      timer = setTimeout(look, JOB_POLL_MS);
    };
    timer = setTimeout(look, JOB_POLL_MS);
  });
  return {
    result,
    answer: new Promise((resolve) => void result.then((r) => r && resolve(r))),
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
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
 *
 * By a dynamic `import()`, not a static one: a static import in a worker's module graph is fetched as a *worker*
 * script, so a host whose CSP says `worker-src blob:` (allowing our blob, as it must) refused the solver module and
 * the worker died without a word; a dynamic import is a script, allowed by `script-src <our origin>`. Messages that
 * arrive before the module has loaded are kept and handed to its handler; a module that cannot load says so.
 */
const BLOB_LOADER = (moduleUrl: string) => `const early = [];
self.onmessage = (e) => early.push(e);
import(${JSON.stringify(moduleUrl)}).then(
  () => { for (const e of early) self.onmessage(e); },
  (e) => self.postMessage({ type: 'load-failed', message: 'the in-browser solver could not be loaded: ' + (e && e.message || e) }),
);`;

const crossOriginSources = new Map<string, WorkerSource>();
export function crossOriginWorker(moduleUrl: string, base: string): WorkerSource {
  // One source per module and origin: the page's widgets then share one kept worker (see `running`).
  const key = `${moduleUrl} ${base}`;
  const known = crossOriginSources.get(key);
  if (known) return known;
  const source: WorkerSource = {
    base,
    start: () => {
      const blob = new Blob([BLOB_LOADER(moduleUrl)], { type: 'text/javascript' });
      const url = URL.createObjectURL(blob);
      const worker = new Worker(url, { type: 'module' });
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return worker;
    },
  };
  crossOriginSources.set(key, source);
  return source;
}

const siteWorker: WorkerSource = { base: '', start: () => new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' }) };
/**
 * A second worker of the site's solver, for searches nobody waits for (the distance marks of a 15-puzzle's tiles),
 * so that they never hold up a search the page is waiting for.
 */
export const markingWorker: WorkerSource = { base: '', start: () => new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' }) };

interface Pending {
  settle: (r: SolveResult | TilesResult | null) => void;
  fail: (e: Error) => void;
  onProgress: (p: Progress) => void;
  onDownload?: (loaded: number, total: number) => void;
}

/**
 * One worker per source, kept for the page's life: what it loaded (the 4×4 databases, the classic tables) serves every
 * later solve, so a hint or a best line after your own move on a 15-puzzle costs only its search.
 */
interface KeptWorker {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Ends the worker; its pending solves fail with `error`, or resolve with null when cancelled. */
  stop(error: Error | null): void;
}

const running = new Map<WorkerSource, KeptWorker>();
let nextId = 1;

function workerFor(source: WorkerSource): KeptWorker {
  const known = running.get(source);
  if (known) return known;
  const worker = source.start();
  const pending = new Map<number, Pending>();
  const stop = (error: Error | null) => {
    worker.terminate();
    if (running.get(source)?.worker === worker) running.delete(source);
    for (const p of pending.values()) error ? p.fail(error) : p.settle(null);
    pending.clear();
  };
  const entry: KeptWorker = { worker, pending, stop };
  running.set(source, entry);
  worker.onmessage = (e: MessageEvent) => {
    const msg = e.data;
    if (msg.type === 'load-failed') return stop(new Error(msg.message));
    const p = pending.get(msg.id);
    if (!p) return;
    if (msg.type === 'progress') p.onProgress(msg.progress);
    else if (msg.type === 'download') p.onDownload?.(msg.loaded, msg.total);
    else if (msg.type === 'done') {
      pending.delete(msg.id);
      p.settle(msg.result);
    } else if (msg.type === 'error') {
      pending.delete(msg.id);
      p.fail(new Error(msg.message));
    }
  };
  worker.onerror = (e) => stop(new Error(e.message || 'the in-browser solver failed'));
  return entry;
}

/**
 * Solves in the page's Web Worker; `onProgress` gets positions and elapsed time, `onDownload` the bytes of tables
 * fetched so far (the 4×4 databases) and their total; `cancel()` resolves the result with null (it stops the worker:
 * a search cannot be interrupted otherwise; the next solve starts a fresh one).
 */
export function solveInBrowser(
  layout: string,
  metric: Metric,
  goal: GoalInput | null | undefined,
  onProgress: (p: Progress) => void,
  source: WorkerSource = siteWorker,
  onDownload?: (loaded: number, total: number) => void,
  slide: Slide = 'free',
): LocalSolve {
  const entry = workerFor(source);
  const id = nextId++;
  const result = new Promise<SolveResult | TilesResult | null>((settle, fail) => {
    entry.pending.set(id, { settle, fail, onProgress, onDownload });
  });
  // A test may have lowered the search's limits on this origin (solve/search-limits.ts); the worker only ever lowers its own.
  entry.worker.postMessage({ layout, metric, goal, slide, base: source.base, id, limits: storedSearchLimits() });
  return {
    result,
    cancel: () => {
      if (entry.pending.has(id)) entry.stop(null);
    },
  };
}
