/**
 * Which solve job runs when, with KV as the only source of truth (no isolate's memory decides): at most
 * `JOB_MAX_RUNNING` jobs run at once, a client (client-key.ts) holds at most one job, running or waiting, and a job
 * past the cap waits its turn in a bounded first-come queue (`queue:v1:<ms>:<id>`, in the order KV lists keys).
 * Queued jobs are started by whoever sees a free slot first: the job that ends (solve-workflow.ts), the job URL's GET
 * (routes/jobs.ts, so a queue left behind by a restart moves again) or the next request that would join the queue.
 * Two of them starting the same job create the same Workflow instance: the second `create()` fails as existing.
 */
import { withTimeout } from './cache.ts';
import type { Env } from './env.ts';
import {
  giveUpOf, instanceIdOf, jobLimits, jobRecord, markRunning, readJob, retryDue, runningMarkers, writeJob, type JobLimits, type JobParams, type JobRecord,
} from './jobs.ts';

const QUEUE_PREFIX = 'queue:v1:';
/** A queue entry lives as long as a waiting record may (a day); one whose job was started is deleted at once. */
const QUEUE_TTL_S = 86_400;
const KV_TIMEOUT_MS = 2000;

/** A job's place in line: `ahead` jobs start before it, `position` = ahead + 1. */
export interface QueuePlace {
  position: number;
  ahead: number;
}

export type JobStart =
  | { kind: 'joined' | 'started'; record: JobRecord }
  | { kind: 'queued'; record: JobRecord; queue: QueuePlace }
  /** The client already holds another job (running or waiting): it is not given a second. */
  | { kind: 'client-busy'; holding: string }
  /** Every slot taken and the queue full. */
  | { kind: 'capped' };

interface QueueEntry {
  key: string;
  id: string;
  client?: string;
}

/** The queue's key of a job: the time it joined, zero-padded so that KV's lexicographic order is arrival order. */
const queueKey = (at: number, id: string) => `${QUEUE_PREFIX}${String(at).padStart(15, '0')}:${id}`;

async function queueEntries(env: Env, limit: number): Promise<QueueEntry[]> {
  const list = await withTimeout(env.SOLUTIONS!.list<{ client?: string }>({ prefix: QUEUE_PREFIX, limit: Math.max(1, limit) }), KV_TIMEOUT_MS);
  return list.keys.map((k) => ({ key: k.name, id: k.name.slice(k.name.lastIndexOf(':') + 1), ...(k.metadata?.client ? { client: k.metadata.client } : {}) }));
}

/** Room to list: every running marker and queue entry there may be, and a few a race may add. */
const listLimit = (limits: JobLimits) => limits.maxRunning + limits.maxQueued + 8;

/**
 * The job of `params.key` for `client`: joined when it exists (running, waiting or ended; a give-up until it is due to
 * be searched again), else started when a slot is free and nobody waits, queued when the queue has room, refused when
 * the client already holds another job or the queue is full. A new job's Workflow instance is created past the answer
 * (`later`: under `wrangler dev`, `create()` returns only once the instance has run).
 */
export async function startOrJoinJob(env: Env, params: JobParams, client: string, later: (work: Promise<unknown>) => void, fingerprint: string | null = null): Promise<JobStart> {
  const existing = await readJob(env, params.id);
  const limits = jobLimits(env);
  const gaveUp = existing && giveUpOf(existing);
  if (existing && !(gaveUp && retryDue(gaveUp, fingerprint, limits))) {
    if (!existing.queued) return { kind: 'joined', record: existing };
    return { kind: 'queued', record: existing, queue: await placeOf(env, existing, limits) };
  }
  const { id } = params;
  const [running, queue] = await Promise.all([runningMarkers(env, listLimit(limits)), queueEntries(env, listLimit(limits))]);
  const holding = [...running, ...queue].find((j) => j.client === client && j.id !== id);
  if (holding) return { kind: 'client-busy', holding: holding.id };
  const attempt = existing ? (existing.attempt ?? 1) + 1 : 1;
  const attemptParams: JobParams = attempt > 1 ? { ...params, attempt } : params;
  const lowerBound = existing?.progress.lowerBound ?? 0; // what the attempt before proved stays proven
  if (existing) console.log(`job ${id}: gave up ${Math.round((Date.now() - existing.updatedAt) / 1000)} s ago; attempt ${attempt} asked for`);
  if (queue.length === 0 && running.length < limits.maxRunning) {
    return { kind: 'started', record: await launch(env, attemptParams, client, lowerBound, later) };
  }
  if (queue.length >= limits.maxQueued) return { kind: 'capped' };
  // Behind those already waiting, even when a slot is free now: their turn comes first (started just below).
  const at = Date.now();
  const waiting: JobRecord = { ...jobRecord(attemptParams, 'searching', { steps: 0, nodes: 0, lowerBound }, at), queued: { at, client, params: attemptParams } };
  await writeJob(env, waiting);
  await withTimeout(env.SOLUTIONS!.put(queueKey(at, id), id, { expirationTtl: QUEUE_TTL_S, metadata: { client } }), KV_TIMEOUT_MS);
  const started = await startQueuedJobs(env, later, { running: running.length, queue: [...queue, { key: queueKey(at, id), id, client }] });
  const mine = started.find((r) => r.id === id);
  if (mine) return { kind: 'started', record: mine };
  const ahead = queue.length - started.length;
  return { kind: 'queued', record: waiting, queue: { position: ahead + 1, ahead } };
}

/**
 * Starts a job: its record says `searching` from now (the queue's mark dropped), its running marker names its client,
 * and its Workflow instance is created past the answer. A failed create() marks the job failed and frees its slot.
 */
async function launch(env: Env, params: JobParams, client: string, lowerBound: number, later: (work: Promise<unknown>) => void): Promise<JobRecord> {
  const { id, attempt } = params;
  const record = jobRecord(params, 'searching', { steps: 0, nodes: 0, lowerBound }, params.startedAt);
  await Promise.all([writeJob(env, record), markRunning(env, id, true, client)]);
  later(
    env.SOLVE_JOBS!.create({ id: instanceIdOf(id, attempt), params }).catch(async (e: unknown) => {
      if (/already.?exists/i.test(String(e))) return; // another request (or the job before it) started it first
      console.error(`job ${id} not started:`, e);
      await Promise.all([writeJob(env, { ...record, status: 'failed', error: 'the job could not be started', updatedAt: Date.now() }), markRunning(env, id, false)]).catch(() => undefined);
    }),
  );
  return record;
}

/**
 * Starts the queue's first jobs while slots are free; returns the records of those it started. Markers whose job is not
 * searching any more (it ended, or a restart lost it past its marker's hour) are cleared first when no slot looks
 * free, so a dead marker cannot hold the queue up. `known`: counts the caller has just listed.
 */
export async function startQueuedJobs(env: Env, later: (work: Promise<unknown>) => void, known?: { running: number; queue: QueueEntry[] }): Promise<JobRecord[]> {
  const limits = jobLimits(env);
  const queue = known?.queue ?? (await queueEntries(env, listLimit(limits)));
  if (queue.length === 0) return [];
  let running = known?.running ?? (await runningMarkers(env, listLimit(limits))).length;
  if (running >= limits.maxRunning) running -= await clearDeadMarkers(env, limits);
  const started: JobRecord[] = [];
  for (const entry of queue) {
    if (running >= limits.maxRunning) break;
    const record = await readJob(env, entry.id);
    await withTimeout(env.SOLUTIONS!.delete(entry.key), KV_TIMEOUT_MS);
    if (!record?.queued) continue; // started by someone else meanwhile, or gone
    const params: JobParams = { ...record.queued.params, startedAt: Date.now() };
    console.log(`job ${entry.id}: its turn came after ${Math.round((Date.now() - record.queued.at) / 1000)} s in the queue`);
    started.push(await launch(env, params, record.queued.client, record.progress.lowerBound, later));
    running++;
  }
  return started;
}

/** Deletes the markers of jobs whose record is not a running search; how many it deleted. */
async function clearDeadMarkers(env: Env, limits: JobLimits): Promise<number> {
  const markers = await runningMarkers(env, listLimit(limits));
  const records = await Promise.all(markers.map((m) => readJob(env, m.id)));
  const dead = markers.filter((_, i) => { const r = records[i]; return !r || r.status !== 'searching' || r.queued; });
  await Promise.all(dead.map((m) => markRunning(env, m.id, false).catch(() => undefined)));
  if (dead.length) console.error(`cleared ${dead.length} running marker(s) of jobs no longer searching: ${dead.map((m) => m.id).join(', ')}`);
  return dead.length;
}

/**
 * A waiting job's place in line. A record that says it waits but has no queue entry (a write lost mid-way) is put back
 * in line at the time it first joined, so it keeps its turn.
 */
export async function placeOf(env: Env, record: JobRecord, limits = jobLimits(env)): Promise<QueuePlace> {
  const queue = await queueEntries(env, listLimit(limits));
  let ahead = queue.findIndex((e) => e.id === record.id);
  if (ahead < 0 && record.queued) {
    const key = queueKey(record.queued.at, record.id);
    await withTimeout(env.SOLUTIONS!.put(key, record.id, { expirationTtl: QUEUE_TTL_S, metadata: { client: record.queued.client } }), KV_TIMEOUT_MS);
    ahead = queue.filter((e) => e.key < key).length;
  }
  return { position: ahead + 1, ahead };
}
