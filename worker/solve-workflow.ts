/**
 * The solve job as a Cloudflare Workflow: IDA* in steps of `JOB_STEP_WORK` work each (solver/resumable.ts), the
 * checkpoint carried from step to step as its result (a few hundred bytes). A step that fails is retried from the
 * checkpoint before it, so a crash or a restart loses at most that step. Progress goes to the job's KV record every
 * `PROGRESS_EVERY_MS` (KV writes are few on the free plan); the answer to KV under the puzzle's cache key and to the
 * Cache API entry of the request that started the job.
 */
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import { beginSearch, searchSlice, type SearchCheckpoint, type SliceResult } from '../solver/resumable.ts';
import { writeEntry, type CacheEntry } from './cache.ts';
import { edgeCache } from './edge-cache.ts';
import { ensureEngine } from './engine.ts';
import type { Env } from './env.ts';
import { markRunning, writeJob, type JobParams, type JobRecord, type JobStatus } from './jobs.ts';
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
    let checkpoint: SearchCheckpoint = await step.do('begin', STEP, async () => {
      ensureEngine();
      return beginSearch(job.layout, { metric: job.metric, goal: job.goal, maxWork: limits.stepWork * limits.maxSteps, owner: job.id });
    });
    let end: Extract<SliceResult, { done: true }> | null = null;
    let lowerBound = 0;
    let steps = 0;
    while (!end && steps < limits.maxSteps) {
      steps++;
      const n = steps;
      const from: SearchCheckpoint = checkpoint;
      const slice = await step.do(`search ${n}`, STEP, async () => {
        ensureEngine();
        const result = searchSlice(from, { maxWork: limits.stepWork });
        const bound = result.done ? (result.length ?? result.lowerBound) : result.lowerBound;
        console.log(`job ${job.id} step ${n}: ${result.done ? result.status : `bound ${bound}`}, ${result.nodes} positions so far${result.restarted ? ' (its table was gone: started again)' : ''}`);
        if (!result.done && Date.now() - (reported.get(job.id) ?? 0) >= PROGRESS_EVERY_MS) {
          reported.set(job.id, Date.now());
          await writeJob(env, record(job, 'searching', n, result.nodes, bound, result.checkpoint.restarts)).catch((e: unknown) => console.error(`job ${job.id} progress unsaved:`, e));
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
      const entry: CacheEntry =
        end && end.status !== 'budget-exceeded'
          ? {
              status: end.status, length: end.length, ...(end.status === 'unsolvable' ? { explored: nodes } : {}), moves: end.moves,
              stats: { algorithm: 'ida', nodes, ms: Date.now() - job.startedAt, ttBytes: end.ttBytes, estimate: 0 },
            }
          : { overBudget: end?.lowerBound ?? lowerBound, budget: { maxWork: limits.stepWork * limits.maxSteps }, job: { steps, nodes } };
      await writeEntry(env.SOLUTIONS, job.key, entry, job.width);
      await writeJob(env, record(job, status, steps, nodes, end ? (end.length ?? end.lowerBound) : lowerBound, checkpoint.restarts + (end?.restarted ? 1 : 0)));
      const cache = edgeCache();
      if (cache && job.cacheUrl && !('overBudget' in entry)) {
        const body = await presentEntry(env, job.input, entry);
        if (body) await cache.put(job.cacheUrl, await cachedAnswerResponse(body)).catch((e: unknown) => console.error('Cache API put failed:', e));
      }
      await markRunning(env, job.id, false).catch((e: unknown) => console.error(`job ${job.id} marker not removed:`, e));
      reported.delete(job.id);
      console.log(`job ${job.id} ended: ${status} after ${steps} steps, ${nodes} positions`);
    });
    return { status, steps };
  }
}

function record(job: JobParams, status: JobStatus, steps: number, nodes: number, lowerBound: number, restarts: number): JobRecord {
  const { id, key, width, height, input, cacheUrl, startedAt } = job;
  const now = Date.now();
  return {
    id, key, width, height, input, ...(cacheUrl ? { cacheUrl } : {}), status, progress: { steps, nodes, lowerBound, elapsedMs: now - startedAt }, startedAt, updatedAt: now,
    ...(restarts ? { restarts } : {}),
  };
}
