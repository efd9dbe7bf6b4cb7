/** The named classic layouts (/named.json, built with the site), fetched once per isolate; lookups by shape key. */
import { shapeKey, type Layout } from '../solver/index.ts';
import type { Env } from './env.ts';

export interface NamedLayout {
  name: string;
  pinyin: string;
  en: string;
  code: string;
}

let named: Promise<Record<string, NamedLayout>> | undefined;

function load(env: Env): Promise<Record<string, NamedLayout>> {
  named ??= (async () => {
    try {
      const res = await env.ASSETS!.fetch(new Request('https://assets.local/named.json'));
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as Record<string, NamedLayout>;
    } catch (e) {
      console.error('named layouts unavailable:', e);
      named = undefined; // try again on a later request
      return {};
    }
  })();
  return named;
}

/** The traditional name of a layout, whatever its orientation or letters; null when it has none. */
export async function nameOf(env: Env, layout: Layout): Promise<NamedLayout | null> {
  if (!env.ASSETS) return null;
  const key = shapeKey(layout);
  return key ? ((await load(env))[key] ?? null) : null;
}
