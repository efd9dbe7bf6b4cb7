/**
 * The solve job as a Cloudflare Workflow: IDA* in steps of `JOB_STEP_WORK` work each (solver/resumable.ts), the
 * checkpoint carried from step to step as its result (a few hundred bytes). A step that fails is retried from the
 * checkpoint before it. The search's table stays in the isolate between steps; every `JOB_TABLE_EVERY` steps a copy
 * goes to KV (job-tables.ts), so a step in a new isolate (a restart) does again at most the steps since the copy. Progress goes to the job's KV record every
 * `PROGRESS_EVERY_MS` (KV writes are few on the free plan); the answer to KV under the puzzle's cache key and to the
 * Cache API entry of the request that started the job.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import { isOverBudget, readEntry, writeEntry, type CacheEntry } from './cache.ts';
import { solverFingerprint } from './job-fingerprint.ts';
import { edgeCache } from './edge-cache.ts';
import type { Env } from './env.ts';
import { jobSearch, type JobCheckpoint, type JobSearch, type StepOutcome } from './job-search.ts';
import { jobRecord, markRunning, writeJob, type JobParams, type JobRecord, type JobStatus } from './jobs.ts';
import { startQueuedJobs } from './job-admission.ts';
import { cachedAnswerResponse } from './answer-response.ts';
import { presentEntry } from './solve-service.ts';

const PROGRESS_EVERY_MS = 2000;
const STEP: WorkflowStepConfig = { retries: { limit: 3, delay: 1000, backoff: 'constant' }, timeout: '5 minutes' };

/** When each job last wrote its progress, in this isolate (a plain value; a lost one only means an extra write). */
const reported = new Map<string, number>();

export class SolveJob extends WorkflowEntrypoint<Env, JobParams> {
  override async run(event: WorkflowEvent<JobParams>, step: WorkflowStep): Promise<{ status: JobStatus; steps: number }> {
    const job = event.payload;
    const env = this.env;
    const limits = { stepWork: job.stepWork, maxSteps: job.maxSteps };
    const search: JobSearch = jobSearch(env, job);
    // A run of a job that ran before (restarted: its instance was stranded, see routes/jobs.ts) goes on from what it
    // saved (a Klotski job: the last copy of its table and the checkpoint taken with it).
    let checkpoint: JobCheckpoint = await step.do('begin', STEP, () => search.begin());
    let end: Extract<StepOutcome, { done: true }> | null = null;
    let lowerBound = 0;
    let steps = search.stepsDone(checkpoint);
    while (!end && steps < limits.maxSteps) {
      // A turn of the event loop between steps: under `wrangler dev` the steps run in the isolate that serves requests,
      // and back to back they held every request (even /healthz) until the job ended.
      await new Promise((resolve) => setTimeout(resolve, 0));
      steps++;
      const n = steps;
      const from: JobCheckpoint = checkpoint;
      const slice = await step.do(`search ${n}`, STEP, async () => {
        const result = await search.step(from, n);
        const bound = result.done ? (result.length ?? result.lowerBound) : result.lowerBound;
        console.log(`job ${job.id} step ${n}: ${result.done ? result.status : `bound ${bound}`}, ${result.nodes} positions so far${result.note}`);
        if (!result.done && Date.now() - (reported.get(job.id) ?? 0) >= PROGRESS_EVERY_MS) {
          reported.set(job.id, Date.now());
          await writeJob(env, record(job, 'searching', n, result.nodes, bound, search.counts(result.checkpoint))).catch((e: unknown) => console.error(`job ${job.id} progress unsaved:`, e));
        }
        return result;
      });
      if (slice.done) end = slice;
      else {
        checkpoint = slice.checkpoint;
        lowerBound = slice.lowerBound;
      }
    }
    const status: JobStatus = end ? end.status : 'budget-exceeded';
    await step.do('store', STEP, async () => {
      const nodes = end?.nodes ?? checkpoint.nodes;
      const counts = search.counts(checkpoint);
      if (end && 'restarted' in end && end.restarted) counts.restarts++; // the last step's own restart
      const bound = end ? (end.length ?? end.lowerBound) : lowerBound;
      const budgetWork = limits.stepWork * limits.maxSteps;
      // A give-up is not final: stored with what it proved, the solver that gave up and when, and kept a day (cache.ts).
      const fingerprint = end && end.status !== 'budget-exceeded' ? null : await solverFingerprint(env);
      const endedAt = Date.now();
      const entry: CacheEntry =
        end && end.status !== 'budget-exceeded'
          ? {
              status: end.status, length: end.length, ...(end.status === 'unsolvable' ? { explored: nodes, proof: { by: 'space' as const, positions: nodes } } : {}), moves: end.moves,
              stats: { algorithm: end.algorithm, nodes, ms: endedAt - job.startedAt, ttBytes: end.ttBytes, estimate: 0 },
            }
          : { overBudget: bound, budget: { maxWork: budgetWork }, stoppedBy: 'steps', job: { steps, nodes, fingerprint, endedAt } };
      // A best known line a browser posted meanwhile (answers.ts) stays: a give-up only raises its proven bound.
      const held = isOverBudget(entry) ? await readEntry(env.SOLUTIONS, job.key, job.width, job.height) : null;
      if (held && !isOverBudget(held) && held.status === 'solved') {
        if (held.optimal === false && bound > (held.lowerBound ?? 0)) await writeEntry(env.SOLUTIONS, job.key, { ...held, lowerBound: bound, optimal: bound >= (held.length ?? Infinity) }, job.width);
      } else await writeEntry(env.SOLUTIONS, job.key, entry, job.width);
      // What was proven before the job (a posted line's bound, from the request's search) is never reported lower.
      const provenBefore = held && !isOverBudget(held) ? (held.lowerBound ?? 0) : 0;
      const ended = record(job, status, steps, nodes, Math.max(bound, provenBefore), counts);
      await writeJob(env, status === 'budget-exceeded' ? { ...ended, fingerprint, budgetWork } : ended);
      const cache = edgeCache();
      if (cache && job.cacheUrl && !('overBudget' in entry)) {
        const body = await presentEntry(env, job.input, entry);
        if (body) await cache.put(job.cacheUrl, await cachedAnswerResponse(body)).catch((e: unknown) => console.error('Cache API put failed:', e));
      }
      await markRunning(env, job.id, false).catch((e: unknown) => console.error(`job ${job.id} marker not removed:`, e));
      await search.cleanUp();
      reported.delete(job.id);
      console.log(`job ${job.id} ended: ${status} after ${steps} steps, ${nodes} positions`);
    });
    // Its slot is free: the queue's first job starts (its Workflow created past this step: under `wrangler dev` an
    // awaited create() returns only once the new instance has run).
    await step.do('start the next queued job', STEP, async () => {
      const started = await startQueuedJobs(env, (work) => this.ctx.waitUntil(work));
      return started.map((r) => r.id);
    });
    return { status, steps };
  }
}

/** The job's record, with its counts of restarts and table copies taken up. */
function record(job: JobParams, status: JobStatus, steps: number, nodes: number, lowerBound: number, counts: { restarts: number; adoptions: number }): JobRecord {
  return {
    ...jobRecord(job, status, { steps, nodes, lowerBound }, Date.now()),
    ...(counts.restarts ? { restarts: counts.restarts } : {}),
    ...(counts.adoptions ? { tableCopiesUsed: counts.adoptions } : {}),
  };
}
