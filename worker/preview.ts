/**
 * Link-preview PNGs (/img/<code>.png, 1200×630): the named layouts come pre-rendered with the site; any other layout is
 * drawn here, straight into pixels (solver/draw/raster.ts: the same scene as the SVG, text from the preview font's
 * outlines) and packed by the picture-specific encoder (png.ts, deflate.ts) — about 8 ms of CPU, within the free
 * plan's 10 — then kept in the Cache API. Counts come from the tablebase (classic layouts) or from cached solutions;
 * a preview never starts a search.
 */
import { METRICS, canonicalize, countsComplete, previewPng, type GlyphSet, type Layout, type Metric } from '../solver/index.ts';
import { cacheKey, isOverBudget, readEntry, recall } from './cache.ts';
import type { Env } from './env.ts';
import { nameOf } from './named.ts';
import { SharedLoad } from './shared-load.ts';
import { tableSolve } from './tablebase.ts';

/** Shared as a value (see shared-load.ts); a failed load is tried again by the next request. */
const glyphs = new SharedLoad<GlyphSet | null>({
  staleMs: 5000,
  retryMs: 0,
  fallback: null,
  onError: (_, e) => console.error('preview font unavailable:', e),
});

/** The preview font's outlines (built by scripts/build-glyphs.ts), read once per isolate. */
async function loadGlyphs(env: Env): Promise<GlyphSet> {
  const font = await glyphs.get('glyphs', async () => {
    const res = await env.ASSETS!.fetch(new Request('https://assets.local/fonts/preview-glyphs.json'));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as GlyphSet;
  });
  if (!font) throw new Error('the preview font could not be loaded');
  return font;
}

/** Optimal counts per metric without searching: the tablebase, else what the cache already holds. */
async function countsOf(env: Env, layout: Layout, kind: 'klotski' | 'tiles'): Promise<Partial<Record<Metric, number | null>>> {
  const counts: Partial<Record<Metric, number | null>> = {};
  if (kind === 'tiles') return counts;
  let canonical: string;
  try {
    canonical = canonicalize(layout).code;
  } catch {
    return counts; // no single B: no default goal
  }
  for (const metric of METRICS) {
    const answer = await tableSolve(env, layout, null, metric);
    if (answer) {
      counts[metric] = answer.result.length;
      continue;
    }
    const key = cacheKey(metric, canonical);
    const entry = recall(key) ?? (await readEntry(env.SOLUTIONS, key, layout.width, layout.height));
    if (entry && !isOverBudget(entry)) counts[metric] = entry.length;
  }
  return counts;
}

/** The preview PNG, and whether it shows every count (only then may it be kept for good). */
export async function renderPreview(env: Env, layout: Layout, code: string, kind: 'klotski' | 'tiles'): Promise<{ png: Uint8Array; complete: boolean }> {
  const [font, named, counts] = await Promise.all([loadGlyphs(env), kind === 'klotski' ? nameOf(env, layout) : null, countsOf(env, layout, kind)]);
  const png = previewPng({ layout, code, kind, name: named ? { zh: named.name, en: named.en } : null, counts }, font);
  return { png, complete: countsComplete(kind, counts) };
}
