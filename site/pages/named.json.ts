/**
 * /named.json, built with the site: the named classic layouts by shape key (see solver shapeKey), so the Worker and
 * pages recognise a named layout in any orientation, as CommonCode or with pieces relabelled.
 */
import raw from '../../data/classic.tsv?raw';
import { parseLayoutOrThrow, shapeKey } from '../../solver/index.ts';
import { GLOSSES } from '../lib/names.ts';

export function GET(): Response {
  const named: Record<string, { name: string; pinyin: string; en: string; code: string }> = {};
  for (const line of raw.split('\n')) {
    if (!line.trim() || line.startsWith('#') || line.startsWith('commoncode')) continue;
    const [, name, code] = line.split('\t');
    const key = shapeKey(parseLayoutOrThrow(code!));
    if (!key || named[key]) continue;
    named[key] = { name: name!, pinyin: GLOSSES[name!]?.pinyin ?? '', en: GLOSSES[name!]?.en ?? '', code: code! };
  }
  return new Response(JSON.stringify(named), { headers: { 'Content-Type': 'application/json' } });
}
