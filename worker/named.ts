/** The named classic layouts (/named.json, built with the site), fetched once per isolate; lookups by shape key. */
import { shapeKey, type Layout } from '../solver/index.ts';
import type { Env } from './env.ts';
import { SharedLoad } from './shared-load.ts';

export interface NamedLayout {
  name: string;
  pinyin: string;
  en: string;
  code: string;
}

/** Shared as a value (see shared-load.ts); a failed load gives no names and is tried again ten seconds later. */
const named = new SharedLoad<Record<string, NamedLayout>>({
  staleMs: 5000,
  retryMs: 10_000,
  fallback: {},
  onError: (_, e) => console.error('named layouts unavailable:', e),
});

function load(env: Env): Promise<Record<string, NamedLayout>> {
  return named.get('named', async () => {
    const res = await env.ASSETS!.fetch(new Request('https://assets.local/named.json'));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as Record<string, NamedLayout>;
  });
}

/** The traditional name of a layout, whatever its orientation or letters; null when it has none. */
export async function nameOf(env: Env, layout: Layout): Promise<NamedLayout | null> {
  if (!env.ASSETS) return null;
  const key = shapeKey(layout);
  return key ? ((await load(env))[key] ?? null) : null;
}
