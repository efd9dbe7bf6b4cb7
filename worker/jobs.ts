/**
 * Solve jobs: what the request budget cannot finish continues as a Workflow (solve-workflow.ts) of short resumable
 * IDA* steps. One job per cache key (its id is derived from the key), so identical requests join it; its record in KV
 * (`job:<id>`) says how far it got and, once it ends, the answer is in KV under the puzzle's cache key.
 */
import { HELD_TABLES } from '../solver/index.ts';
import { GIVE_UP_TTL_S, withTimeout } from './cache.ts';
import type { Env } from './env.ts';
import type { SolveInput } from './solve-input.ts';

/** Bump when the record's form changes. */
const RECORD_PREFIX = 'job:v1:';
/** A marker per running job (`running:v1:<id>`), so the cap can be counted; it expires if a job dies unnoticed. */
const RUNNING_PREFIX = 'running:v1:';
const RUNNING_TTL_S = 3600;
const KV_TIMEOUT_MS = 2000;

export type JobStatus = 'searching' | 'solved' | 'unsolvable' | 'budget-exceeded' | 'failed';

export interface JobProgress {
  steps: number;
  nodes: number;
  lowerBound: number;
  elapsedMs: number;
}

export interface JobRecord {
  id: string;
  /** The puzzle's cache key: where the answer is stored (its moves coded for a board of `width` × `height`). */
  key: string;
  width: number;
  height: number;
  /** The request that started it (its result is presented in that request's orientation). */
  input: SolveInput;
  /** A GET /solve URL whose Cache API entry gets the answer when the job ends. */
  cacheUrl?: string;
  status: JobStatus;
  progress: JobProgress;
  startedAt: number;
  updatedAt: number;
  /** Steps that found the search's table gone (another isolate, a restart) and started the search again. */
  restarts?: number;
  /** Steps that found it gone and went on from its last copy in KV instead (job-tables.ts). */
  tableCopiesUsed?: number;
  /** Times the job was found stranded and its Workflow instance restarted (routes/jobs.ts). */
  revivals?: number;
  error?: string;
  /**
   * Which search of the puzzle this is: 1 (absent in records written before jobs were tried again), then one more each
   * time a job that gave up is tried again (`retryDue`). Each attempt is a Workflow instance of its own (`instanceIdOf`).
   */
  attempt?: number;
  /** With budget-exceeded: the solver that gave up (job-fingerprint.ts; null: it could not be read). */
  fingerprint?: string | null;
  /** With budget-exceeded: the work it was allowed (steps × work a step), so larger limits search again. */
  budgetWork?: number;
  /**
   * While the job waits its turn (job-admission.ts): when it joined the queue, the client that asked for it, and what
   * its Workflow is started with. Its `status` stays `searching` (a job not ended: clients written before the queue
   * keep watching it); the job URL adds its place in line.
   */
  queued?: { at: number; client: string; params: JobParams };
}

/** The Workflow's parameters: the record's fixed part, and the puzzle as searched (canonical layout and goal). */
export interface JobParams extends Pick<JobRecord, 'id' | 'key' | 'width' | 'height' | 'input' | 'cacheUrl' | 'startedAt'> {
  /** The limits it started with (the deployment's when it started; a job keeps them). */
  stepWork: number;
  maxSteps: number;
  layout: string;
  /** A piece to a cell, or a goal drawing (canonical form); null: the default goal. */
  goal: { piece: [number, number]; at: [number, number] } | { drawing: string } | null;
  metric: 'move' | 'straight' | 'step';
  /** What it searches: a Klotski layout (absent, as in jobs started before 15-puzzles had them) or a 4×4 tiles code. */
  kind?: 'klotski' | 'tiles';
  /** The record's attempt (absent: 1). */
  attempt?: number;
}

/** The plan's limits, from the environment: work per step, steps per job, jobs running at once. */
export interface JobLimits {
  stepWork: number;
  maxSteps: number;
  maxRunning: number;
  /** Jobs that may wait for a slot (job-admission.ts); 0: none wait, a request past the cap gets 503 jobs-busy. */
  maxQueued: number;
}

/**
 * Defaults for the free plan: 10 ms of CPU a step, of which the search takes ≈ 6 ms (work units are ≈ 10 ns warm) and
 * the rest loading and storing; 1,024 steps an instance, two of them the job's first and last.
 */
export const DEFAULT_STEP_WORK = 600_000;
export const DEFAULT_MAX_STEPS = 1000;
/**
 * Jobs at once: as many as an isolate keeps search tables for (solver HELD_TABLES). Jobs whose steps share an isolate
 * beyond that evict each other's tables and keep starting their searches again (under `wrangler dev` all do).
 */
export const DEFAULT_MAX_RUNNING = HELD_TABLES;
/**
 * Jobs waiting for a slot: one a client (job-admission.ts), so 16 clients' layouts wait while four run; at 1,000 steps
 * of ≈ 6 ms a job, the last in line starts within a few minutes of search.
 */
export const DEFAULT_MAX_QUEUED = 16;
/**
 * A job's transposition table: at most 8 MB (5 MB on the 5×5–6×6 boards measured), half the CLI's. On the slowest
 * boards of bench:jobs that costs IDA* up to 2× the positions of a 16 MB table; it lets an isolate keep four.
 */
export const JOB_TABLE_BYTES = 8 << 20;

export function jobLimits(env: Env): JobLimits {
  const positive = (text: string | undefined, fallback: number) => (Number(text) > 0 ? Math.floor(Number(text)) : fallback);
  return {
    stepWork: positive(env.JOB_STEP_WORK, DEFAULT_STEP_WORK),
    maxSteps: positive(env.JOB_MAX_STEPS, DEFAULT_MAX_STEPS),
    maxRunning: positive(env.JOB_MAX_RUNNING, DEFAULT_MAX_RUNNING),
    maxQueued: env.JOB_MAX_QUEUED !== undefined && Number(env.JOB_MAX_QUEUED) >= 0 ? Math.floor(Number(env.JOB_MAX_QUEUED)) : DEFAULT_MAX_QUEUED,
  };
}

export function jobsEnabled(env: Env): boolean {
  return env.SOLVE_JOBS !== undefined && env.SOLUTIONS !== undefined;
}

/** The job of a cache key: `solve-` and 32 hex digits of its SHA-256 (Workflow ids allow letters, digits, - and _). */
export async function jobIdOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return `solve-${[...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const isJobId = (id: string) => /^solve-[0-9a-f]{32}$/.test(id);

/**
 * The Workflow instance of a job's attempt: the job's id for the first (as before retries existed), `<id>-r<n>` after:
 * an instance id can never be created again, and a retry may bring other limits, so it cannot restart the old one.
 * The job's URL and record stay the job's id: a client watching it sees the new attempt.
 */
export function instanceIdOf(id: string, attempt = 1): string {
  return attempt > 1 ? `${id}-r${attempt}` : id;
}

/** A job's give-up, as its record or the cache's mark keeps it. */
export interface GiveUp {
  /** The solver that gave up (job-fingerprint.ts); null: unreadable then; absent: given up before fingerprints. */
  fingerprint?: string | null;
  /** The work it was allowed (steps × work a step); absent: unknown. */
  budgetWork?: number;
  endedAt: number;
}

/** The give-up of a job that ended budget-exceeded, else null. */
export function giveUpOf(record: JobRecord): GiveUp | null {
  if (record.status !== 'budget-exceeded') return null;
  return { ...('fingerprint' in record ? { fingerprint: record.fingerprint ?? null } : {}), ...(record.budgetWork !== undefined ? { budgetWork: record.budgetWork } : {}), endedAt: record.updatedAt };
}

/**
 * Whether a job that gave up is searched again now: when the solver has changed since (its fingerprint; an unknown
 * one, now or then, is no change, but a give-up from before fingerprints is tried again), when this deployment allows
 * more work than it had, or when the give-up is GIVE_UP_TTL_S old. Never kept for good.
 */
export function retryDue(giveUp: GiveUp, fingerprint: string | null, limits: Pick<JobLimits, 'stepWork' | 'maxSteps'>, now = Date.now()): boolean {
  if (giveUp.fingerprint === undefined) return true;
  if (fingerprint !== null && giveUp.fingerprint !== null && giveUp.fingerprint !== fingerprint) return true;
  if (giveUp.budgetWork !== undefined && limits.stepWork * limits.maxSteps > giveUp.budgetWork) return true;
  return now - giveUp.endedAt >= GIVE_UP_TTL_S * 1000;
}

/** When a give-up is due to be searched again (ms since the epoch). */
export function retryAt(giveUp: Pick<GiveUp, 'endedAt'>): number {
  return giveUp.endedAt + GIVE_UP_TTL_S * 1000;
}

export function jobUrl(origin: string, id: string): string {
  return `${origin}/solve/jobs/${id}`;
}

export async function readJob(env: Env, id: string): Promise<JobRecord | null> {
  if (!env.SOLUTIONS) return null;
  try {
    return await withTimeout(env.SOLUTIONS.get<JobRecord>(RECORD_PREFIX + id, 'json'), KV_TIMEOUT_MS);
  } catch (e) {
    console.error(`job record ${id} unreadable:`, e);
    return null;
  }
}

export async function writeJob(env: Env, record: JobRecord): Promise<void> {
  await withTimeout(env.SOLUTIONS!.put(RECORD_PREFIX + record.id, JSON.stringify(record)), KV_TIMEOUT_MS);
}

/** A running job's marker: its id and the client that started it (absent on markers written before clients were kept). */
export interface RunningMarker {
  id: string;
  client?: string;
}

/** The running jobs' markers, up to `limit` (KV lists them with their metadata: one operation). */
export async function runningMarkers(env: Env, limit: number): Promise<RunningMarker[]> {
  const list = await withTimeout(env.SOLUTIONS!.list<{ client?: string }>({ prefix: RUNNING_PREFIX, limit }), KV_TIMEOUT_MS);
  return list.keys.map((k) => ({ id: k.name.slice(RUNNING_PREFIX.length), ...(k.metadata?.client ? { client: k.metadata.client } : {}) }));
}

/** Marks a job running (`client`: who started it, so a client holds one at a time) or no longer running. */
export async function markRunning(env: Env, id: string, running: boolean, client?: string): Promise<void> {
  const key = RUNNING_PREFIX + id;
  const options = { expirationTtl: RUNNING_TTL_S, ...(client ? { metadata: { client } } : {}) };
  await withTimeout(running ? env.SOLUTIONS!.put(key, '1', options) : env.SOLUTIONS!.delete(key), KV_TIMEOUT_MS);
}

/** A job's record as of `updatedAt`: its fixed part from the parameters it started with, and how far it got. */
export function jobRecord(params: JobParams, status: JobStatus, progress: Omit<JobProgress, 'elapsedMs'>, updatedAt: number): JobRecord {
  const { id, key, width, height, input, cacheUrl, startedAt, attempt } = params;
  return {
    id, key, width, height, input, ...(cacheUrl ? { cacheUrl } : {}), status, progress: { ...progress, elapsedMs: updatedAt - startedAt }, startedAt, updatedAt,
    ...(attempt && attempt > 1 ? { attempt } : {}),
  };
}
