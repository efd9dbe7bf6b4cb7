/** GET /solve/jobs/{id}: a solve job's progress and, once it ends, its answer. */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Env } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { isOverBudget, readEntry } from '../cache.ts';
import { giveUpOf, instanceIdOf, isJobId, readJob, retryAt, writeJob, type JobRecord } from '../jobs.ts';
import { placeOf, startQueuedJobs } from '../job-admission.ts';
import { runLater } from '../edge-cache.ts';
import { jobGaveUp } from '../unknown-answers.ts';
import { isTilesCode } from '../../solver/index.ts';
import { ErrorSchema, JobSchema } from '../schemas.ts';
import { presentEntry } from '../solve-service.ts';
import { validationHook } from '../validation.ts';

/**
 * A record not updated for this long while searching: the Workflow is asked whether the job is still alive. (Its record
 * is written every 2 s of search, or at the end of each step where steps are longer: keep steps under this.)
 */
const STALE_MS = 15_000;

const jobRoute = createRoute({
  method: 'get',
  path: '/solve/jobs/{id}',
  summary: 'A solve job: progress, then the answer',
  request: { params: z.object({ id: z.string().openapi({ example: 'solve-0123456789abcdef0123456789abcdef' }) }) },
  responses: {
    200: { description: 'The job: searching (with progress), or ended (with the /solve result when solved or unsolvable)', content: { 'application/json': { schema: JobSchema } } },
    404: { description: 'No such job', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export const jobRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

jobRoutes.openapi(jobRoute, async (c) => {
  const { id } = c.req.valid('param');
  const record = isJobId(id) ? await readJob(c.env, id) : null;
  if (!record) return errorResponse(c, 404, { code: 'not-found', message: `no solve job ${JSON.stringify(id)}; jobs are started by /solve` }) as never;
  // A waiting job: its turn may have come with no one there to start it (the job before it lost, a restart): KV says.
  const waiting = record.queued ? await startQueuedJobs(c.env, (p) => runLater(c, p)) : [];
  const current = waiting.find((r) => r.id === id) ?? record;
  const job = current.status === 'searching' && !current.queued && Date.now() - current.updatedAt > STALE_MS ? await checkAlive(c.env, current) : current;
  const body: Record<string, unknown> = { id: job.id, status: job.status, progress: job.progress };
  if (job.queued) body.queue = await placeOf(c.env, job);
  const stored = job.status === 'searching' || job.status === 'failed' ? null : await readEntry(c.env.SOLUTIONS, job.key, job.width, job.height);
  const result = stored && !isOverBudget(stored) ? await presentEntry(c.env, job.input, stored) : null;
  if (job.status === 'solved' || job.status === 'unsolvable') {
    if (result) body.result = result;
    body.state = job.status;
  }
  if (job.status === 'budget-exceeded') {
    const metric = job.input.metric ?? 'move';
    const { steps, nodes, lowerBound } = job.progress;
    const facts = { metric, lowerBound, stoppedBy: 'steps' as const, nodes, solvable: isTilesCode(job.input.layout) }; // tiles over budget are of the goal's parity
    body.state = 'unknown';
    body.error = jobGaveUp({ ...facts, steps }, retryAt(giveUpOf(job)!), true);
    // A best known line a browser sent meanwhile (POST /solve/answers): the puzzle is solved, not proven shortest.
    if (result) {
      body.result = result;
      body.state = 'solved';
    }
  }
  const ended = job.status !== 'searching';
  return c.json(body, 200, { 'Cache-Control': ended ? 'public, max-age=60' : 'no-store', ...(ended ? {} : { 'Retry-After': '2' }) }) as never;
});

/**
 * A searching record that has not moved for a while: the Workflow says whether the job died (then it is failed) or is
 * stranded — "running" with no step running, as `wrangler dev` leaves an instance it was stopped in the middle of.
 * A stranded job is restarted; its new run goes on from the last copy of its table (job-tables.ts).
 */
async function checkAlive(env: Env, record: JobRecord): Promise<JobRecord> {
  try {
    const instance = await env.SOLVE_JOBS!.get(instanceIdOf(record.id, record.attempt));
    const { status, error } = await instance.status();
    if (status === 'errored' || status === 'terminated') {
      const failed: JobRecord = { ...record, status: 'failed', error: error?.message ?? `the job was ${status}`, updatedAt: Date.now() };
      await writeJob(env, failed).catch(() => undefined);
      return failed;
    }
    if (status !== 'running' && status !== 'queued') return record;
    const revived: JobRecord = { ...record, updatedAt: Date.now(), revivals: (record.revivals ?? 0) + 1 };
    await writeJob(env, revived);
    await instance.restart();
    console.error(`job ${record.id}: stranded for ${Math.round((Date.now() - record.updatedAt) / 1000)} s; restarted`);
    return revived;
  } catch (e) {
    console.error(`job ${record.id} status unknown:`, e);
    return record;
  }
}
