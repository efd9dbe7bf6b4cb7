/**
 * Layout-specific pages and images: every /s/<code> URL gets the one static shell with its title and link-preview
 * tags rewritten for that layout (HTMLRewriter; values are set as attributes/text, so always escaped), and
 * /img/<code>.svg draws the board for previews.
 */
import { Hono, type Context } from 'hono';
import { boardSvg, canonicalize, escapeXml, formatLayout, isRushCode, LayoutError, parsePuzzleCode, parseRushOrThrow, type Layout } from '../../solver/index.ts';
import { cacheKey, isOverBudget, readEntry, recall } from '../cache.ts';
import type { AppEnv } from '../env.ts';
import { errorResponse } from '../errors.ts';
import { edgeCache, runLater } from '../edge-cache.ts';
import { nameOf, titleOf, type NamedLayout, type PuzzleName } from '../named.ts';
import { renderPreview } from '../preview.ts';
import { linkCaching, siteOrigin } from '../origin.ts';
import { clientKeyOf } from '../client-key.ts';
import { overRateLimit } from '../rate-limit.ts';
import { tableSolve } from '../tablebase.ts';

export const pageRoutes = new Hono<AppEnv>();

function codeAfter(prefix: string, url: string, suffix = ''): string | null {
  const path = new URL(url).pathname.slice(prefix.length);
  const trimmed = suffix && path.endsWith(suffix) ? path.slice(0, -suffix.length) : path;
  try {
    return decodeURIComponent(trimmed).replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * A `rush:` code's page (Fogleman's Rush Hour notation) is the project's own code under slide=line, as the API answers
 * it: the address `prefix` + that code, the query kept and slide=line set. Null when the code is not a valid `rush:`
 * board (the page then says what is wrong with it).
 */
export function rushAddress(prefix: string, code: string, url: string): string | null {
  if (!isRushCode(code)) return null;
  try {
    const params = new URL(url).searchParams;
    params.set('slide', 'line');
    return `${prefix}${formatLayout(parseRushOrThrow(code))}?${params}`;
  } catch (e) {
    if (e instanceof LayoutError) return null;
    throw e;
  }
}

pageRoutes.get('/s/*', async (c) => {
  // A malformed %-escape is kept as typed: the page then says what is wrong with it (a 404 with the site's frame).
  const code = codeAfter('/s/', c.req.url) ?? new URL(c.req.url).pathname.slice('/s/'.length);
  if (!code) return c.redirect('/', 302);
  const rush = rushAddress('/s/', code, c.req.url);
  if (rush) return c.redirect(rush, 301);
  const parsed = parsePuzzleCode(code);
  const search = new URL(c.req.url).search;
  if (parsed.ok && parsed.value.canonical !== code) return c.redirect(`/s/${parsed.value.canonical}${search}`, 301);
  if (!c.env.ASSETS) return errorResponse(c, 404, { code: 'not-found', message: 'the site is not built (run npm run build)' });
  const shell = await c.env.ASSETS.fetch(new Request(new URL('/s/', c.req.url)));
  const origin = siteOrigin(c.env, c.req.url);
  const client = clientKeyOf(c.req.header('CF-Connecting-IP'));
  const goal = new URL(c.req.url).searchParams.get('goal');
  const line = new URL(c.req.url).searchParams.get('slide') === 'line';
  const meta = parsed.ok ? await describe(c.env, parsed.value.layout, code, origin, parsed.value.kind, client, goal, line) : invalid(code, origin, parsed.error.message);
  const rewritten = new HTMLRewriter()
    // The page's script shows the title and description in the reader's language: both languages go in.
    .on('title', {
      element: (el) => {
        el.setInnerContent(meta.title);
        el.setAttribute('data-en', meta.title);
        el.setAttribute('data-zh', meta.titleZh);
      },
    })
    .on('meta[name="description"]', {
      element: (el) => {
        el.setAttribute('content', meta.description);
        el.setAttribute('data-en', meta.description);
        el.setAttribute('data-zh', meta.descriptionZh);
      },
    })
    .on('meta[property="og:title"], meta[name="twitter:title"]', { element: (el) => void el.setAttribute('content', meta.title) })
    .on('meta[property="og:description"]', { element: (el) => void el.setAttribute('content', meta.description) })
    .on('meta[property="og:image"], meta[name="twitter:image"]', { element: (el) => void el.setAttribute('content', meta.image) })
    .on('meta[property="og:image:alt"], meta[name="twitter:image:alt"]', { element: (el) => void el.setAttribute('content', meta.imageAlt) })
    .on('meta[property="og:url"]', { element: (el) => void el.setAttribute('content', meta.url) })
    // An invalid layout has no preview PNG: its image (the site's icon) is no 1200×630 PNG, so say nothing of its size.
    .on('meta[property="og:image:width"], meta[property="og:image:height"], meta[property="og:image:type"]', {
      element: (el) => void (!parsed.ok && el.remove()),
    })
    .on('#solution h1', {
      element: (el) => {
        if (meta.named) el.prepend('layout' in meta.named ? nameHtml(meta.named.layout) : puzzleNameHtml(meta.named.puzzle), { html: true });
      },
    })
    // What the script will show is known here: the code, the board's proportions, a distance line (any valid layout).
    // Filling and sizing them now keeps the page still when the script runs (no layout shift).
    .on('#layout-code', { element: (el) => void (parsed.ok && el.setInnerContent(parsed.value.canonical)) })
    .on('#player .board', { element: (el) => void (parsed.ok && el.setAttribute('style', boardStyle(parsed.value.layout))) })
    .on('#distance', {
      element: (el) => {
        if (!parsed.ok) el.setAttribute('hidden', '');
      },
    })
    .on('head', {
      element: (el) => {
        el.append(`<link rel="canonical" href="${escapeXml(meta.url)}">`, { html: true });
        if (parsed.ok) {
          const oembed = `${origin}/oembed?url=${encodeURIComponent(meta.url)}&format=json`;
          el.append(`<link rel="alternate" type="application/json+oembed" href="${escapeXml(oembed)}" title="${escapeXml(meta.title)}">`, { html: true });
        }
      },
    })
    .transform(shell);
  const headers = new Headers(rewritten.headers);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', linkCaching(c.env, c.req.url, 'public, max-age=300'));
  return new Response(rewritten.body, { status: parsed.ok ? 200 : 404, headers });
});

pageRoutes.get('/img/*', async (c) => {
  if (new URL(c.req.url).pathname.endsWith('.png')) return pngPreview(c);
  const code = codeAfter('/img/', c.req.url, '.svg');
  const parsed = code ? parsePuzzleCode(code) : null;
  if (!parsed || !parsed.ok) {
    return errorResponse(c, 404, { code: 'not-found', message: parsed && !parsed.ok ? parsed.error.message : 'no such image' });
  }
  const named = parsed.value.kind === 'klotski' ? await nameOf(c.env, parsed.value.layout) : null;
  const title = named ? `${named.name} · 华容道 ${parsed.value.canonical}` : `华容道 ${parsed.value.canonical}`;
  const tiles = parsed.value.kind === 'tiles';
  const svg = boardSvg(parsed.value.layout, { cell: 60, title, exit: !tiles, tiles });
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
});

/** The board's proportions as the player will draw them, for the space reserved in the served HTML. */
export function boardStyle(layout: Layout): string {
  return `--w:${layout.width};--h:${layout.height};aspect-ratio:${layout.width} / ${layout.height}`;
}

/** The name in the page heading: the Chinese name always, pinyin and gloss when the page is in English. */
function nameHtml(named: NamedLayout): string {
  const gloss = [named.pinyin, named.en].filter(Boolean).map(escapeXml).join(' · ');
  return `<span id="layout-name" class="layout-name" lang="zh-CN">${escapeXml(named.name)}</span>${gloss ? `<span class="layout-gloss" data-lang="en" lang="en"> ${gloss}</span>` : ''} `;
}

/** A gallery puzzle's name in the page heading, in the page's language. */
function puzzleNameHtml(puzzle: PuzzleName): string {
  return `<span id="layout-name" class="layout-name"><span data-lang="en" lang="en">${escapeXml(puzzle.name)}</span><span data-lang="zh" lang="zh-CN">${escapeXml(puzzle.nameZh)}</span></span> `;
}

/** /img/<code>.png: pre-rendered (named layouts, from the assets), from the Cache API, or drawn now and cached. */
async function pngPreview(c: Context<AppEnv>): Promise<Response> {
  const code = codeAfter('/img/', c.req.url, '.png');
  const parsed = code ? parsePuzzleCode(code) : null;
  if (!parsed || !parsed.ok) return errorResponse(c, 404, { code: 'not-found', message: parsed && !parsed.ok ? parsed.error.message : 'no such image' });
  if (parsed.value.canonical !== code) return c.redirect(`/img/${parsed.value.canonical}.png`, 301);
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' };
  if (c.env.ASSETS) {
    const prerendered = await c.env.ASSETS.fetch(new Request(c.req.url));
    if (prerendered.ok && prerendered.headers.get('Content-Type')?.startsWith('image/png')) return new Response(prerendered.body, { headers });
  }
  const cache = edgeCache();
  // One cache entry per image: the key leaves the query out, so made-up parameters cannot mint new renders.
  const key = new URL(c.req.url);
  key.search = '';
  const hit = await cache?.match(key.href);
  if (hit) return new Response(hit.body, hit);
  if (!c.env.ASSETS) return errorResponse(c, 404, { code: 'not-found', message: 'the site is not built (run npm run build)' });
  // A render costs tens of milliseconds of CPU: limited per client (cached previews above are free).
  if (await overRateLimit(c.env, 'render', clientKeyOf(c.req.header('CF-Connecting-IP')))) {
    return errorResponse(c, 429, { code: 'rate-limited', message: 'too many new previews from this address; try again in a minute' }, { 'Retry-After': '60' });
  }
  const { png, complete } = await renderPreview(c.env, parsed.value.layout, code!, parsed.value.kind);
  // A preview that still lacks a count is drawn again once it is known: kept minutes, never in the Cache API.
  if (!complete) return new Response(png, { headers: { ...headers, 'Cache-Control': 'public, max-age=300' } });
  const res = new Response(png, { headers });
  if (cache) runLater(c, cache.put(key.href, res.clone()).catch((e: unknown) => console.error('Cache API put failed:', e)));
  return res;
}

async function describe(env: AppEnv['Bindings'], layout: Layout, code: string, origin: string, kind: 'klotski' | 'tiles', client: string, goal: string | null, line = false) {
  let description = kind === 'tiles' ? '数字华容道: the optimal solution, move by move.' : line ? 'Rush Hour (挪车华容道): the optimal solution, move by move — get the red car out.' : 'The optimal solution, move by move — watch 曹操 escape.';
  let descriptionZh = kind === 'tiles' ? '数字华容道：最优解，一步一步演示。' : line ? '挪车华容道：最优解，一步一步演示：把红车开出去。' : '最优解，一步一步演示：看曹操脱身。';
  // The preview's URL names what is known of its counts, so link previews fetch it again once the solution is known.
  let version = '';
  try {
    if (kind === 'tiles') throw new Error('tiles previews use the generic description');
    if (line) throw new Error('the counts below are the free rule\'s: a Rush Hour page keeps its generic description');
    // Classic layouts: the tablebase knows (no KV). Others: what the cache holds.
    const table = await tableSolve(env, layout, null, 'move');
    const key = cacheKey('move', canonicalize(layout).code);
    // The KV read is limited per client; past the limit the page is served with its generic description.
    const entry = table ? null : (recall(key) ?? ((await overRateLimit(env, 'page', client)) ? null : await readEntry(env.SOLUTIONS, key, layout.width, layout.height)));
    const cached = table ? table.result : entry && !isOverBudget(entry) ? entry : null;
    if (cached?.status === 'solved') {
      description = `Solved in ${cached.length} moves (optimal) — ${cached.length} 步最优解。`;
      descriptionZh = `最少 ${cached.length} 步：最优解，一步一步演示。`;
    } else if (cached?.status === 'unsolvable') {
      description = 'This layout has no solution — 此局无解。';
      descriptionZh = '此局无解：所有可达局面都已搜索过。';
    }
    // The tablebase's counts are known from the start (its previews never change): only cache-known counts version it.
    if (cached && !table) version = `?v=${cached.status === 'solved' ? cached.length : 'none'}`;
  } catch {
    // no default goal (no B): keep the generic description
  }
  const named = kind === 'klotski' ? await titleOf(env, layout, code, goal) : null;
  const generic = `${kind === 'tiles' ? '数字华容道' : '华容道'} ${code} — Huarong`;
  const title = !named ? generic : 'layout' in named ? `${named.layout.name} · 华容道 ${code} — Huarong` : `${named.puzzle.name} · ${code} — Huarong`;
  const titleZh = named && 'puzzle' in named ? `${named.puzzle.nameZh} · ${code} — Huarong` : title;
  const nameForAlt = !named ? null : 'layout' in named ? named.layout.name : named.puzzle.name;
  return {
    named,
    title,
    titleZh,
    description,
    descriptionZh,
    image: `${origin}/img/${code}.png${version}`,
    imageAlt: nameForAlt ? `${nameForAlt}: the board of this 华容道 layout and its optimal move counts` : `The board of the ${kind === 'tiles' ? '数字华容道' : '华容道'} layout ${code} and its optimal move counts`,
    url: `${origin}/s/${code}`,
  };
}

function invalid(code: string, origin: string, message: string) {
  return {
    named: null,
    imageAlt: 'Huarong 华容道',
    title: 'Invalid layout — Huarong 华容道',
    titleZh: '布局无效 — 华容道 Huarong',
    description: message,
    descriptionZh: `这个链接不是有效的布局（${message}）`,
    image: `${origin}/favicon.svg`,
    url: `${origin}/s/${encodeURIComponent(code)}`,
  };
}
