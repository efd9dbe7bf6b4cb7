/** GET and POST /solve. */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { validationHook } from '../validation.ts';
import { ErrorSchema, JobAcceptedSchema, SolveBodySchema, SolveQuerySchema, SolveResultSchema, UnknownSchema } from '../schemas.ts';
import { clientKeyOf } from '../client-key.ts';
import { edgeCache, runLater } from '../edge-cache.ts';
import { ANSWER_CACHE_CONTROL, answerEtag, cachedAnswerResponse } from '../answer-response.ts';
import { solveRequest, validateSolveInput, type SolveInput, type Timing } from '../solve-service.ts';

const errorResponses = {
  400: { description: 'Malformed layout or parameters (the codec message names the row and column)', content: { 'application/json': { schema: ErrorSchema } } },
  413: { description: 'Body larger than 4 KB', content: { 'application/json': { schema: ErrorSchema } } },
  429: { description: 'Too many uncached solves from this address (rate-limited), or job-running: this address already holds a solve job of another layout, named in error.job (one at a time; Retry-After)', content: { 'application/json': { schema: ErrorSchema } } },
  503: {
    description:
      'The answer is unknown (state: unknown, code budget-exceeded, with lowerBound and stoppedBy): the request\'s budget ran out where no solve job may take it up, or the puzzle\'s job spent its steps (searched again after a day or when the solver changes; Retry-After says when); jobs-busy: as many jobs running as allowed and the queue of waiting jobs full (Retry-After)',
    content: { 'application/json': { schema: z.union([UnknownSchema, ErrorSchema]) } },
  },
  202: {
    description: 'The solve ran out of its CPU budget and a solve job goes on with it: follow job.url (also the Location header); identical requests join the same job. With queue: every slot is taken and the job waits its turn (queue.position, queue.ahead); it starts when a slot frees',
    content: { 'application/json': { schema: JobAcceptedSchema } },
  },
};

const getRoute = createRoute({
  method: 'get',
  path: '/solve',
  summary: 'Solve a layout (cacheable)',
  request: { query: SolveQuerySchema },
  responses: {
    200: { description: 'Optimal solution, or solvable: false when none exists', content: { 'application/json': { schema: SolveResultSchema } } },
    304: { description: 'Not modified (If-None-Match matched the ETag)' },
    ...errorResponses,
  },
});

const postRoute = createRoute({
  method: 'post',
  path: '/solve',
  summary: 'Solve a layout, optionally with an explicit goal',
  request: { body: { content: { 'application/json': { schema: SolveBodySchema } }, required: true } },
  responses: {
    200: { description: 'Optimal solution, or solvable: false when none exists', content: { 'application/json': { schema: SolveResultSchema } } },
    415: { description: 'The body was not sent with Content-Type: application/json' },
    ...errorResponses,
  },
});

export const solveRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** The GET parameters, from the schema the query is validated with; any other is refused, so nobody can mint cache entries with made-up ones. */
const QUERY_PARAMETERS = Object.keys(SolveQuerySchema.shape);

/** "layout, goal, metric and optimal". */
const andList = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

solveRoutes.openapi(getRoute, async (c) => {
  for (const name of new URL(c.req.url).searchParams.keys()) {
    if (!QUERY_PARAMETERS.includes(name)) {
      return errorResponse(c, 400, { code: 'unknown-parameter', message: `unknown parameter ${JSON.stringify(name)}: /solve takes ${andList(QUERY_PARAMETERS)}` }) as never;
    }
  }
  const query = c.req.valid('query');
  return respond(c, { layout: query.layout, metric: query.metric, ...(query.slide ? { slide: query.slide } : {}), ...(query.goal ? { goal: query.goal } : {}), optimal: query.optimal === 'true' }, true) as never;
});

solveRoutes.openapi(postRoute, async (c) => {
  const body = c.req.valid('json');
  return respond(c, { layout: body.layout, metric: body.metric, slide: body.slide, goal: body.goal, optimal: body.optimal }, false) as never;
});

function serverTiming(timings: Timing[]): string {
  return timings.map((t) => `${t.name};desc="${t.desc}";dur=${t.ms.toFixed(2)}`).join(', ');
}

async function respond(c: Context<AppEnv>, input: SolveInput, cacheable: boolean): Promise<Response> {
  const started = performance.now();
  const waitUntil = (p: Promise<unknown>) => runLater(c, p);
  const ifNoneMatch = c.req.header('If-None-Match');
  if (cacheable && ifNoneMatch?.trim() === '*') {
    // Any valid layout has a representation: answer without solving or spending a rate-limit slot.
    const problem = await validateSolveInput(c.env, input);
    if (problem) return errorResponse(c, 400, problem, { 'Server-Timing': `validate;dur=${(performance.now() - started).toFixed(2)}` });
    return c.body(null, 304);
  }
  const cache = cacheable ? edgeCache() : null;
  if (cache) {
    const hit = await cache.match(c.req.raw);
    if (hit) {
      const etag = hit.headers.get('ETag');
      if (etag && matchesEtag(ifNoneMatch, etag)) return c.body(null, 304, { ETag: etag, 'Server-Timing': `edge-cache;dur=${(performance.now() - started).toFixed(2)}` });
      const res = new Response(hit.body, hit);
      res.headers.set('Server-Timing', `edge-cache;desc="Cache API";dur=${(performance.now() - started).toFixed(2)}`);
      return res;
    }
  }
  const url = new URL(c.req.url);
  const context = { origin: url.origin, ...(cacheable ? { cacheUrl: c.req.url } : {}) };
  const outcome = await solveRequest(c.env, waitUntil, input, clientKeyOf(c.req.header('CF-Connecting-IP')), context);
  if (!outcome.ok && outcome.status === 202) {
    // Not an error: the answer is unknown for now and a job goes on with it; what is known sits at the top level.
    const { queue, ...job } = outcome.job;
    return c.json({ state: 'unknown', status: 'searching', ...outcome.error, job, ...(queue ? { queue } : {}) }, 202, { ...outcome.headers, 'Server-Timing': serverTiming(outcome.timings) || 'total;dur=0' });
  }
  if (!outcome.ok) {
    const headers = { ...outcome.headers, 'Server-Timing': serverTiming(outcome.timings) || `total;dur=${(performance.now() - started).toFixed(2)}` };
    // An answer the search could not give is the third state, unknown (with what it proved), not a failure of the request.
    if (outcome.error.code === 'budget-exceeded') return c.json({ state: 'unknown', error: outcome.error }, outcome.status, headers);
    return errorResponse(c, outcome.status, outcome.error, headers);
  }
  const text = JSON.stringify(outcome.body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=UTF-8', 'Server-Timing': serverTiming(outcome.timings) };
  if (!cacheable) return c.body(text, 200, headers);
  // A weak ETag names the answer, not the bytes: the same for the first response (cached: false, this solve's
  // timings) and every later one, so either validator revalidates.
  const etag = await answerEtag(outcome.body);
  // A best known line (posted by a browser, not proven shortest) may be replaced by a shorter one or a job's optimal
  // answer: revalidated after a few minutes, never kept in the Cache API as immutable.
  const provisional = outcome.body.optimal === false && outcome.body.lowerBound !== undefined;
  Object.assign(headers, { ETag: etag, 'Cache-Control': provisional ? PROVISIONAL_CACHE_CONTROL : ANSWER_CACHE_CONTROL });
  if (cache && !provisional) {
    // Repeats in this location come from the Cache API (no KV read, no solve); what it serves is a cached answer.
    const copy = await cachedAnswerResponse(outcome.body, etag);
    waitUntil(cache.put(c.req.raw.url, copy).catch((e: unknown) => console.error('Cache API put failed:', e)));
  }
  if (matchesEtag(ifNoneMatch, etag)) return c.body(null, 304, { ETag: etag, 'Server-Timing': headers['Server-Timing']! });
  return c.body(text, 200, headers);
}

const PROVISIONAL_CACHE_CONTROL = 'public, max-age=300';

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}
