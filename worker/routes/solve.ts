/** GET and POST /solve. */
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { validationHook } from '../validation.ts';
import { ErrorSchema, SolveBodySchema, SolveQuerySchema, SolveResultSchema } from '../schemas.ts';
import { solveRequest, type SolveInput } from '../solve-service.ts';

const errorResponses = {
  400: { description: 'Malformed layout or parameters (the codec message names the row and column)', content: { 'application/json': { schema: ErrorSchema } } },
  413: { description: 'Body larger than 4 KB', content: { 'application/json': { schema: ErrorSchema } } },
  429: { description: 'Too many uncached solves from this address (Retry-After)', content: { 'application/json': { schema: ErrorSchema } } },
  503: { description: 'The solve ran out of its CPU budget (code budget-exceeded, with lowerBound); nothing cached', content: { 'application/json': { schema: ErrorSchema } } },
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
    ...errorResponses,
  },
});

export const solveRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

solveRoutes.openapi(getRoute, async (c) => {
  const query = c.req.valid('query');
  return respond(c, { layout: query.layout, metric: query.metric }, true) as never;
});

solveRoutes.openapi(postRoute, async (c) => {
  const body = c.req.valid('json');
  return respond(c, { layout: body.layout, metric: body.metric, goal: body.goal }, false) as never;
});

async function respond(c: Context<AppEnv>, input: SolveInput, cacheable: boolean): Promise<Response> {
  const waitUntil = (p: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(p);
    } catch {
      void p; // no execution context (plain app.request in tests): the promise still runs
    }
  };
  const clientKey = c.req.header('CF-Connecting-IP') ?? 'local';
  const outcome = await solveRequest(c.env, waitUntil, input, clientKey);
  if (!outcome.ok) return errorResponse(c, outcome.status, outcome.error, outcome.headers);
  c.header('Server-Timing', outcome.timings.map((t) => `${t.name};desc="${t.desc}";dur=${t.ms.toFixed(2)}`).join(', '));
  if (cacheable) {
    const etag = `"${await sha256Hex(outcome.etagSource)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  }
  return c.json(outcome.body, 200);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
