/** POST /solve/answers: a solution found elsewhere (a visitor's browser), replayed and stored as the best known line. */
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { validationHook } from '../validation.ts';
import { AnswerBodySchema, AnswerStoredSchema, ErrorSchema } from '../schemas.ts';
import { clientKeyOf } from '../client-key.ts';
import { acceptAnswer } from '../answers.ts';

const answerRoute = createRoute({
  method: 'post',
  path: '/solve/answers',
  summary: 'Send a solution the server could not find (replayed, then served by /solve)',
  description:
    'For a layout /solve answered unknown (202 or 503 budget-exceeded): the moves are replayed on the layout, and a line shorter than any stored is kept — as optimal only where its length equals a lower bound the server proved, else as the best known line (`optimal: false`, with `lowerBound`), which /solve then serves.',
  request: { body: { content: { 'application/json': { schema: AnswerBodySchema } }, required: true } },
  responses: {
    201: { description: 'Stored: /solve now answers with it', content: { 'application/json': { schema: AnswerStoredSchema } } },
    200: { description: 'Not stored: a line as short is already known', content: { 'application/json': { schema: AnswerStoredSchema } } },
    400: { description: 'Malformed request, a layout other than Klotski, or moves that do not solve it (bad-solution: the message names the first bad move)', content: { 'application/json': { schema: ErrorSchema } } },
    409: { description: 'longer-than-stored: a shorter line is stored; not-searched: the server has not searched this layout (ask /solve first); conflict: it contradicts a proven answer', content: { 'application/json': { schema: ErrorSchema } } },
    413: { description: 'Body larger than the limit', content: { 'application/json': { schema: ErrorSchema } } },
    415: { description: 'The body was not sent with Content-Type: application/json' },
    429: { description: 'Too many answers from this address (Retry-After)', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export const answerRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

answerRoutes.openapi(answerRoute, async (c) => {
  const body = c.req.valid('json');
  const outcome = await acceptAnswer(c.env, { layout: body.layout, metric: body.metric, goal: body.goal, moves: body.moves }, clientKeyOf(c.req.header('CF-Connecting-IP')));
  if (!outcome.ok) return errorResponse(c, outcome.status, outcome.error, outcome.headers) as never;
  return c.json(outcome.body, outcome.status) as never;
});
