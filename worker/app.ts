/** The Hono app: middleware, API routes, the OpenAPI document, and the static site for everything else. */
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import pkg from '../package.json' with { type: 'json' };
import type { AppEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { metaRoutes } from './routes/meta.ts';
import { pageRoutes } from './routes/pages.ts';
import { embedRoutes } from './routes/embed.ts';
import { solveRoutes } from './routes/solve.ts';
import { jobRoutes } from './routes/jobs.ts';
import { answerRoutes } from './routes/answers.ts';
import { validationHook } from './validation.ts';

export const MAX_BODY_BYTES = 4096;
/** POST /solve/answers carries a whole line of moves (at most MAX_ANSWER_MOVES, each with its path). */
export const MAX_ANSWER_BYTES = 128 * 1024;

/** API paths and the methods each allows; anything else under them is a JSON 404 or 405, never an HTML page. */
const API_METHODS: Record<string, string[]> = {
  '/solve': ['GET', 'HEAD', 'POST', 'OPTIONS'],
  '/solve/jobs/:id': ['GET', 'HEAD', 'OPTIONS'],
  '/solve/answers': ['POST', 'OPTIONS'],
  '/healthz': ['GET', 'HEAD'],
  '/openapi.json': ['GET', 'HEAD'],
  '/oembed': ['GET', 'HEAD'],
};
const API_PREFIXES = ['/solve', '/healthz', '/openapi.json', '/oembed', '/api/'];

/** Only these may be framed or loaded by other origins; every other page keeps frame-ancestors 'self'. */
const EMBEDDABLE = /^\/(embed\/|widget\.js$|widget-solver\.js$|img\/)/;
/** Files the widget (and its in-browser solver) fetch from pages on other origins. */
const CROSS_ORIGIN_FILES = /^\/(widget\.js|widget-solver\.js|tables\.json|pdb\/[^/]+|tablebase\/[^/]+|engine\/bitboard-search\.wasm)$/;

/**
 * What the site's pages need: their own module scripts (built by Astro, none inline), the search engine's WebAssembly
 * (compiled in the solver worker), inline style attributes, SVG boards and data: images, fetches to /solve and the
 * tables, Web Workers for in-browser solving, and the embed preview's iframe; nothing from other origins.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
/** Board images are drawn from a code: nothing in them may load or run anything. */
const IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function contentSecurityPolicy(path: string): string {
  if (path.startsWith('/img/')) return `${IMAGE_POLICY}; frame-ancestors *`;
  return `${PAGE_POLICY}; frame-ancestors ${EMBEDDABLE.test(path) ? '*' : "'self'"}`;
}

/** The tables' gzip copies, named by their content (scripts/compress-tables.ts): they never change under a name. */
const VERSIONED_TABLE = /^\/(pdb|tablebase)\/[^/]+\.[0-9a-f]{12}\.gz$/;

/**
 * Caching and types of static files: Astro's hashed bundles and the tables' versioned gzip copies never change under
 * their names (a year, immutable); the widget's and the search engine's unhashed URLs and the tables' manifest are
 * revalidated every few minutes (ETag); the plain binary tables are octet streams kept a day.
 */
export function assetHeaders(path: string, headers: Headers): void {
  if (path.startsWith('/_astro/')) headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  else if (VERSIONED_TABLE.test(path)) {
    // Unpacked by the page (DecompressionStream), so it travels as bytes, not as a Content-Encoding.
    headers.set('Content-Type', 'application/octet-stream');
    headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  } else if (path === '/widget.js' || path === '/widget-solver.js' || path === '/tables.json' || path === '/lang.js') headers.set('Cache-Control', 'public, max-age=300');
  else if (path === '/engine/bitboard-search.wasm') {
    headers.set('Content-Type', 'application/wasm');
    headers.set('Cache-Control', 'public, max-age=300');
  }
  else if (/^\/(pdb|tablebase)\//.test(path)) {
    headers.set('Content-Type', path.endsWith('.json') ? 'application/json' : 'application/octet-stream');
    headers.set('Cache-Control', 'public, max-age=86400');
  } else if (path.startsWith('/fonts/')) headers.set('Cache-Control', 'public, max-age=86400');
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // Registered before secureHeaders so it runs after it on the way out and can relax the embeddable paths.
  app.use('*', async (c, next) => {
    await next();
    try {
      c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(c.req.path));
    } catch {
      return; // immutable headers (a 304 from the Cache API): nothing to add
    }
    if (CROSS_ORIGIN_FILES.test(c.req.path)) {
      c.res.headers.set('Access-Control-Allow-Origin', '*');
      c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    }
    if (!EMBEDDABLE.test(c.req.path)) return;
    c.res.headers.delete('X-Frame-Options');
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    c.res.headers.delete('Cross-Origin-Opener-Policy');
  });
  app.use('*', secureHeaders({ contentSecurityPolicy: { frameAncestors: ["'self'"] } }));
  app.use(
    '/solve/answers',
    cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['Content-Type'], maxAge: 86400 }),
  );
  app.use(
    '/solve/answers',
    bodyLimit({
      maxSize: MAX_ANSWER_BYTES,
      onError: (c) => errorResponse(c, 413, { code: 'body-too-large', message: `the request body is larger than ${MAX_ANSWER_BYTES} bytes` }),
    }),
  );
  app.use(
    '/solve/jobs/*',
    cors({ origin: '*', allowMethods: ['GET', 'OPTIONS'], exposeHeaders: ['Retry-After'], maxAge: 86400 }),
  );
  app.use(
    '/solve',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'If-None-Match'],
      exposeHeaders: ['ETag', 'Server-Timing', 'Retry-After', 'Location'],
      maxAge: 86400,
    }),
  );
  // Every /solve answer says where its time went, errors included (validation errors get the total).
  app.use('/solve', async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.res.headers.has('Server-Timing')) c.res.headers.set('Server-Timing', `total;dur=${(performance.now() - started).toFixed(2)}`);
  });
  app.use(
    '/solve',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, 413, { code: 'body-too-large', message: `the request body is larger than ${MAX_BODY_BYTES} bytes` }),
    }),
  );

  app.route('/', solveRoutes);
  app.route('/', answerRoutes);
  app.route('/', jobRoutes);
  app.route('/', metaRoutes);
  app.route('/', pageRoutes);
  app.route('/', embedRoutes);
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Huarong API',
      version: pkg.version,
      description: 'Optimal solutions for 华容道 / Klotski layouts. GET responses are immutable and cached at the edge; every error is JSON `{ error: { code, message, at? } }`.',
    },
  });

  for (const [path, methods] of Object.entries(API_METHODS)) {
    app.all(path, (c) =>
      errorResponse(c, 405, { code: 'method-not-allowed', message: `${c.req.method} is not allowed on ${path}; use ${methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').join(' or ')}` }, { Allow: methods.join(', ') }),
    );
  }

  app.notFound(async (c) => {
    if (isApiPath(c.req.path) || !c.env?.ASSETS) {
      return errorResponse(c, 404, { code: 'not-found', message: `no API endpoint at ${c.req.path}; see /openapi.json` });
    }
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    const res = new Response(asset.body, asset); // mutable headers, so middleware can add its own
    // A 304 carries the same caching headers as the 200 it stands for.
    if (res.ok || res.status === 304) assetHeaders(c.req.path, res.headers);
    return res;
  });

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 400 ? 'bad-request' : status === 413 ? 'body-too-large' : `http-${status}`;
      return errorResponse(c, status as 400, { code, message: err.message || 'bad request' });
    }
    console.error('unhandled error:', err);
    return errorResponse(c, 500, { code: 'internal', message: 'something went wrong on our side; please try again' });
  });

  return app;
}
