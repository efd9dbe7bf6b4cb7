/**
 * Embedding: the /embed/<code> iframe player (the built shell, served for every code) and the oEmbed provider
 * (/oembed), which hands WordPress-style consumers an <iframe> to /embed/<code>.
 */
import { Hono } from 'hono';
import { LayoutError, PREVIEW_HEIGHT, PREVIEW_WIDTH, escapeXml, parseGoalInput, parsePuzzleCode, resolveGoal, type Layout } from '../../solver/index.ts';
import type { AppEnv } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { nameOf } from '../named.ts';
import { linkCaching, siteOrigin } from '../origin.ts';
import { boardStyle, rushAddress } from './pages.ts';

export const embedRoutes = new Hono<AppEnv>();

/** Default iframe size: a 4×5 board with controls and the move list fits 360 × 560. */
export const EMBED_WIDTH = 360;
export const EMBED_HEIGHT = 560;
/** Below this the board and its controls are not usable. */
export const MIN_EMBED_WIDTH = 160;
export const MIN_EMBED_HEIGHT = 240;

embedRoutes.get('/embed/*', async (c) => {
  const raw = new URL(c.req.url).pathname.slice('/embed/'.length);
  let code: string;
  try {
    code = decodeURIComponent(raw).replace(/\/+$/, '');
  } catch {
    code = raw;
  }
  const rush = rushAddress('/embed/', code, c.req.url);
  if (rush) return c.redirect(rush, 301);
  const parsed = parsePuzzleCode(code);
  if (parsed.ok && parsed.value.canonical !== code) {
    return c.redirect(`/embed/${parsed.value.canonical}${new URL(c.req.url).search}`, 301);
  }
  // No code: nothing to embed here (404), but the answer says how to use the address: the page shows it in the
  // reader's language; a client that asks for JSON only gets it in the API's error shape.
  if (!code && wantsJsonOnly(c.req.header('Accept'))) {
    return errorResponse(c, 404, { code: 'no-layout', message: `put a layout code after /embed/, e.g. ${siteOrigin(c.env, c.req.url)}${EXAMPLE_EMBED}; options and the iframe snippet: /docs/#iframe` }, { Vary: 'Accept' });
  }
  if (!c.env.ASSETS) return errorResponse(c, 404, { code: 'not-found', message: 'the site is not built (run npm run build)' });
  const shell = await c.env.ASSETS.fetch(new Request(new URL('/embed/', c.req.url)));
  const title = parsed.ok ? `华容道 ${code} — Huarong` : code ? 'Invalid layout — Huarong' : 'Embed a 华容道 solution: /embed/<code> — Huarong';
  const titleZh = parsed.ok ? title : code ? '布局无效 — 华容道 Huarong' : '嵌入华容道解答：/embed/<布局代码> — Huarong';
  const page = new HTMLRewriter()
    // Both languages go in; the page script shows the frame's (its ?lang=, else the browser's), as it does its text.
    .on('title', {
      element: (el) => {
        el.setInnerContent(c.req.query('lang')?.toLowerCase().startsWith('zh') ? titleZh : title);
        el.setAttribute('data-en', title);
        el.setAttribute('data-zh', titleZh);
      },
    })
    // The board's space is reserved in the served HTML, so nothing moves when the player script replaces it.
    .on('#player .board', { element: (el) => void (parsed.ok && el.setAttribute('style', boardStyle(parsed.value.layout))) })
    // With no code there is no player to reserve room for: the page script writes how to use the address instead.
    .on('#player', { element: (el) => void (!code && el.setAttribute('hidden', '')) })
    .transform(shell);
  const headers = new Headers(page.headers);
  if (!code) headers.set('Vary', 'Accept');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'public, max-age=300');
  return new Response(page.body, { status: parsed.ok ? 200 : 404, headers });
});

const EXAMPLE_EMBED = '/embed/VBBV-VBBV-VHHV-VSSV-S..S';

/** An Accept header that takes JSON and no HTML (curl's default *\/* takes the page). */
function wantsJsonOnly(accept: string | undefined): boolean {
  return !!accept && /application\/json/.test(accept) && !/text\/html/.test(accept);
}

embedRoutes.get('/oembed', async (c) => {
  const format = c.req.query('format') ?? 'json';
  if (format !== 'json') return errorResponse(c, 501, { code: 'format-not-implemented', message: `format ${format} is not supported; use format=json` });
  const target = c.req.query('url');
  const origin = siteOrigin(c.env, c.req.url);
  if (!target) return errorResponse(c, 400, { code: 'invalid-query', message: `url is required: give the link of a page of this site, such as ${origin}/s/VBBV-VBBV-VHHV-VSSV-S..S` });
  const found = layoutOfOurUrl(target, [new URL(origin).host, new URL(c.req.url).host]);
  if (!found) return errorResponse(c, 404, { code: 'not-found', message: 'url must be a /s/ or /embed/ link of this site with a valid layout' });
  const maxWidth = positive(c.req.query('maxwidth'));
  const maxHeight = positive(c.req.query('maxheight'));
  let width = Math.min(EMBED_WIDTH, maxWidth ?? EMBED_WIDTH);
  let height = Math.round((width * EMBED_HEIGHT) / EMBED_WIDTH);
  if (maxHeight !== undefined && height > maxHeight) {
    height = maxHeight;
    width = Math.min(width, Math.round((height * EMBED_WIDTH) / EMBED_HEIGHT));
  }
  // oEmbed: a provider that cannot fit the consumer's maximum answers 404.
  if (width < MIN_EMBED_WIDTH || height < MIN_EMBED_HEIGHT) {
    return errorResponse(c, 404, { code: 'too-small', message: `the player needs at least ${MIN_EMBED_WIDTH}×${MIN_EMBED_HEIGHT} pixels; maxwidth/maxheight allow ${width}×${height}` });
  }
  const { layout, code, kind, metric, goal } = found;
  // A named layout is known by its name (横刀立马); any other by its code.
  const named = kind === 'klotski' ? await nameOf(c.env, layout) : null;
  const title = named?.name ?? `${kind === 'tiles' ? '数字华容道' : '华容道'} ${code}`;
  // The iframe plays the puzzle the link names: its metric and its goal (a goal drawing, say) go with it.
  const query = new URLSearchParams();
  if (metric) query.set('metric', metric);
  if (goal) query.set('goal', goal);
  const qs = query.toString();
  const src = `${origin}/embed/${code}${qs ? `?${qs}` : ''}`;
  return c.json({
    version: '1.0',
    type: 'rich',
    provider_name: 'Huarong 华容道',
    provider_url: origin,
    title,
    html: `<iframe src="${escapeXml(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" title="${escapeXml(title)}" loading="lazy"></iframe>`,
    width,
    height,
    cache_age: 86400,
    // The link-preview PNG (board, name, counts): previewers that show no SVG show a PNG.
    thumbnail_url: `${origin}/img/${code}.png`,
    thumbnail_width: PREVIEW_WIDTH,
    thumbnail_height: PREVIEW_HEIGHT,
  }, 200, { 'Cache-Control': linkCaching(c.env, c.req.url, 'public, max-age=86400') });
});

/** The puzzle a link of this site names: its layout, metric and (华容道 boards) goal; null for a foreign or invalid link. */
function layoutOfOurUrl(text: string, hosts: string[]): { layout: Layout; code: string; kind: 'klotski' | 'tiles'; metric?: string; goal?: string } | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!hosts.includes(url.host) || !/^https?:$/.test(url.protocol)) return null;
  const m = /^\/(?:s|embed)\/(.+)$/.exec(url.pathname);
  if (!m) return null;
  let code: string;
  try {
    code = decodeURIComponent(m[1]!).replace(/\/+$/, '');
  } catch {
    return null;
  }
  const parsed = parsePuzzleCode(code);
  if (!parsed.ok) return null;
  const metric = url.searchParams.get('metric') ?? undefined;
  const goal = parsed.value.kind === 'klotski' ? url.searchParams.get('goal')?.trim() || undefined : undefined;
  if (goal && !goalFits(parsed.value.layout, goal)) return null;
  return { layout: parsed.value.layout, code: parsed.value.canonical, kind: parsed.value.kind, metric: metric && ['straight', 'step'].includes(metric) ? metric : undefined, goal };
}

/** Whether a goal in the API's forms (`B@3,1`, a goal drawing) reads against the board. */
function goalFits(layout: Layout, goal: string): boolean {
  try {
    resolveGoal(layout, parseGoalInput(goal));
    return true;
  } catch (e) {
    if (e instanceof LayoutError) return false;
    throw e;
  }
}

function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}
