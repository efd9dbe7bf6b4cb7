/** Turns schema validation failures into the API's error shape, naming the field. */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : result.target;
  const message = issue?.code === 'invalid_type' && issue.input === undefined ? `${field} is required` : `${field}: ${issue?.message ?? 'invalid'}`;
  const code = field === 'layout' && issue?.code === 'too_big' ? 'too-long' : `invalid-${result.target}`;
  return c.json({ error: { code, message } }, 400);
};
