/**
 * Link-preview PNGs (/img/<code>.png, 1200×630): the named layouts come pre-rendered with the site; any other layout is
 * drawn here with resvg (WebAssembly) and the bundled preview font, then kept in the Cache API. Counts come from the
 * tablebase (classic layouts) or from cached solutions; a preview never starts a search.
 */
import { initWasm } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import { METRICS, canonicalize, countsComplete, previewSvg, type Layout, type Metric } from '../solver/index.ts';
import { cacheKey, isOverBudget, readEntry, recall } from './cache.ts';
import type { Env } from './env.ts';
import { nameOf } from './named.ts';
import { renderPng } from './png.ts';
import { tableSolve } from './tablebase.ts';

let ready: Promise<void> | undefined;
let fonts: Promise<Uint8Array[]> | undefined;

function loadFonts(env: Env): Promise<Uint8Array[]> {
  fonts ??= (async () => {
    const get = (path: string) => env.ASSETS!.fetch(new Request(`https://assets.local/fonts/${path}`));
    const list = (await (await get('preview-fonts.json')).json()) as string[];
    return Promise.all(list.map(async (file) => new Uint8Array(await (await get(file)).arrayBuffer())));
  })().catch((e: unknown) => {
    fonts = undefined;
    throw e;
  });
  return fonts;
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
  ready ??= initWasm(resvgWasm).catch((e: unknown) => {
    ready = undefined;
    throw e;
  });
  const [, fontBuffers, named, counts] = await Promise.all([ready, loadFonts(env), kind === 'klotski' ? nameOf(env, layout) : null, countsOf(env, layout, kind)]);
  const svg = previewSvg({ layout, code, kind, name: named ? { zh: named.name, en: named.en } : null, counts });
  return { png: renderPng(svg, fontBuffers), complete: countsComplete(kind, counts) };
}
