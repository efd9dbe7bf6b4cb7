/**
 * One search at a time per isolate, in arrival order, with the event loop handed back between searches; identical
 * searches (same cache key) run once.
 *
 * Why a lane: a search is pure CPU (a few milliseconds at the edge budget) and an isolate runs one thing at a time, so
 * a burst of cache misses would otherwise run back to back while a cache hit that arrived among them waits behind all
 * of them. Here each search starts from a timer armed after the previous search ended: whatever was waiting (a hit's
 * KV read coming back, a new request) runs first, so a hit waits for at most the one search in progress.
 *
 * Why polling: in workerd a promise created by one request can never settle in another once the first has ended (its
 * client hung up). So requests share only plain values here — the queue of jobs, each job's result — and every request
 * waits on timers of its own. A job belongs to no request: whichever request that wants it polls first when its turn
 * comes runs the search, and the others find the result on their next poll. A job nobody polls any more (every
 * request that wanted it is gone) is dropped, so a cancelled client can delay the lane by at most `STALE_MS`, never
 * stop it.
 */

/**
 * How often a waiting request looks at the lane: the next in line every millisecond (so a search starts a turn after
 * the previous one ended), the ones behind it less often, the further back the less (each wake-up costs the isolate a
 * little CPU that hits would otherwise get: 32 waiters all polling every millisecond took a hit's median during a
 * 32-miss burst from 2.1–2.5× its idle median to 3.0–3.6×).
 */
const POLL_MS = 1;
const MAX_POLL_MS = 16;
/** A queued job that no request has polled for this long (counted from the end of the last search) is abandoned. */
export const STALE_MS = 100;

type Result<T> = { value: T } | { error: unknown };

interface Job {
  key: string;
  /** When a request last polled this job (Date.now(), which in workerd stands still during CPU work). */
  seenAt: number;
  /** Set when the search has run; the requests that wanted it hold the job and read it here. */
  result?: Result<unknown>;
}

/** Jobs waiting for their turn, oldest first. */
const queue: Job[] = [];
/** Queued jobs by key (a finished job leaves at once: its result then lives in the solutions cache). */
const jobs = new Map<string, Job>();
/** Searches run so far: a request's timer counts as "a turn after the last search" only if none ran while it waited. */
let searchesRun = 0;
/** Time of the first poll after the last search (so a long search does not make every waiting job look abandoned). */
let resumedAt = 0;
let resumePending = false;

/** What `searchOnce` gives back: the search's value, and whether this request ran it (and so should store it). */
export interface LaneAnswer<T> {
  value: T;
  searched: boolean;
}

/** Whether a search for `key` is queued in this isolate (a request joining it spends no rate-limit slot). */
export function searchPending(key: string): boolean {
  return jobs.has(key);
}

/**
 * Runs `search` (synchronous CPU work) in its turn, or joins an identical search already queued under `key` and takes
 * its result. Rejects with the search's own error. Never waits on a promise another request created.
 */
export async function searchOnce<T>(key: string, search: () => T): Promise<LaneAnswer<T>> {
  let job = enqueue(key);
  for (;;) {
    const armedAfter = searchesRun;
    const position = queue.indexOf(job);
    await sleep(position <= 0 ? POLL_MS : Math.min(POLL_MS * (1 + position), MAX_POLL_MS));
    const now = Date.now();
    if (resumePending) {
      resumePending = false;
      resumedAt = now;
    }
    if (job.result) return answer(job.result as Result<T>, false);
    // Dropped as abandoned while this request was still waiting (it was starved of turns): queue it again (a job in
    // the map is never finished: a search takes its job out before it runs).
    if (jobs.get(key) !== job) job = enqueue(key);
    job.seenAt = now;
    dropAbandoned(now);
    if (queue[0] !== job || searchesRun !== armedAfter) continue;
    queue.shift();
    if (jobs.get(key) === job) jobs.delete(key);
    let result: Result<T>;
    try {
      result = { value: search() };
    } catch (error) {
      result = { error };
    }
    job.result = result;
    searchesRun++;
    resumePending = true;
    return answer(result, true);
  }
}

function enqueue(key: string): Job {
  let job = jobs.get(key);
  if (!job) {
    job = { key, seenAt: Date.now() };
    jobs.set(key, job);
    queue.push(job);
  }
  return job;
}

function answer<T>(result: Result<T>, searched: boolean): LaneAnswer<T> {
  if ('error' in result) throw result.error;
  return { value: result.value, searched };
}

/** Drops queued jobs that no request has polled for STALE_MS of idle time: their clients have all gone. */
function dropAbandoned(now: number): void {
  for (let i = queue.length - 1; i >= 0; i--) {
    const job = queue[i]!;
    if (now - Math.max(job.seenAt, resumedAt) <= STALE_MS) continue;
    queue.splice(i, 1);
    jobs.delete(job.key);
  }
}

/** Queues a job that no request will ever poll: what a request leaves behind when the runtime drops it (tests). */
export function queueAbandonedJob(key: string): void {
  enqueue(key);
}

/** Sizes of the lane's state (tests and the memory bench: nothing here may grow without bound). */
export function laneState(): { queued: number; jobs: number } {
  return { queued: queue.length, jobs: jobs.size };
}

/** A timer of the calling request's own: resolves after the event loop has run what was waiting. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
