/** GET /healthz and GET /openapi.json. */
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import pkg from '../../package.json' with { type: 'json' };
import { CACHE_VERSION } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { HealthSchema } from '../schemas.ts';
import { validationHook } from '../validation.ts';

export const metaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const healthRoute = createRoute({
  method: 'get',
  path: '/healthz',
  summary: 'Liveness and version',
  responses: { 200: { description: 'Up', content: { 'application/json': { schema: HealthSchema } } } },
});

metaRoutes.openapi(healthRoute, (c) => c.json({ status: 'ok' as const, version: pkg.version, cacheVersion: CACHE_VERSION }, 200));
