import { describe, expect, it } from 'vitest';
import { seededRandom } from '../helpers/random-layouts.ts';
import { call } from './helpers.ts';

/**
 * Generated requests, valid and not, against the whole app inside workerd: none may get a 5xx, and every API error is
 * the JSON error shape. Seeded, bounded in count, no network.
 */
describe('fuzz: 10,000 generated requests, no 5xx', () => {
  it('answers every one below 500, API errors as { error: { code, message } }', async () => {
    const rand = seededRandom(19);
    const pick = <T,>(items: readonly T[]): T => items[rand(items.length)]!;
    const ALPHABET = 'BVHSXbvhs.-/ \n123456789ABCDEF0#%?&=é曹"\\{}[]';
    const junk = (max: number) => Array.from({ length: rand(max + 1) }, () => pick([...ALPHABET])).join('');
    // Header values a client can send at all (printable ASCII): anything else never leaves the client.
    const headerJunk = (max: number) => junk(max).replace(/[^\x20-\x7e]/g, 'x');
    const LAYOUTS = ['VBBV-VBBV-VHHV-VSSV-S..S', 'VBBV-VBBV-VHHV-VS.V-S..S', '123-456-78.', '867-254-3.1', 'SBBS-SBBS-.HH.-VVVV-VVVV', 'BB.-BB.-...', '1AAEF0C'];
    const layout = () => (rand(3) === 0 ? pick(LAYOUTS) : rand(4) === 0 ? pick(LAYOUTS).slice(0, rand(24)) : junk(40));
    const enc = encodeURIComponent;
    const request = (): [string, RequestInit] => {
      const headers: Record<string, string> = { 'CF-Connecting-IP': pick(['203.0.113.7', '::ffff:198.51.100.9', '2001:db8::1', headerJunk(12), '']) };
      if (rand(4) === 0) headers['If-None-Match'] = pick(['*', 'W/"abc"', headerJunk(20)]);
      switch (rand(10)) {
        case 0:
        case 1:
          return [`/solve?layout=${enc(layout())}${rand(2) ? `&metric=${enc(pick(['move', 'straight', 'step', junk(6)]))}` : ''}${rand(3) ? '' : `&optimal=${enc(junk(5))}`}${rand(6) ? '' : `&${enc(junk(4))}=1`}`, { headers }];
        case 2:
        case 3: {
          const bodies = [
            JSON.stringify({ layout: layout(), metric: pick(['move', 'step', 7, null]), goal: pick([undefined, { piece: 'B', at: [rand(6), rand(6)] }, { piece: [rand(5), rand(5)], at: 'x' }, junk(8)]), optimal: pick([true, 'yes', undefined]) }),
            junk(60),
            JSON.stringify(pick([[1, 2], null, 3, 'layout'])),
            'x'.repeat(rand(6000)),
          ];
          return ['/solve', { method: 'POST', headers: { ...headers, 'Content-Type': pick(['application/json', 'text/plain', headerJunk(10)]) }, body: pick(bodies) }];
        }
        case 4:
          return [`/s/${enc(layout())}${rand(3) ? '' : `?start=${junk(3)}`}`, { headers }];
        case 5:
          return [`/img/${enc(rand(3) ? junk(30) : pick(LAYOUTS))}.${pick(['png', 'svg', 'gif'])}`, { headers }];
        case 6:
          return [`/embed/${enc(layout())}?metric=${enc(junk(5))}&theme=${enc(junk(5))}`, { headers }];
        case 7:
          return [`/oembed?url=${enc(pick(['http://huarong.test/s/', 'https://evil.example/s/', junk(10)]) + layout())}&maxwidth=${enc(junk(4))}&format=${pick(['json', 'xml', junk(3)])}`, { headers }];
        case 8:
          return [pick(['/healthz', '/openapi.json', '/tables.json', `/${junk(20)}`, '/solve/', '/s/', '/img/']), { method: pick(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']), headers }];
        default:
          return [`/${pick(['solve', 's', 'img', 'embed', 'oembed'])}/${enc(junk(50))}`, { headers }];
      }
    };
    const serverErrors: string[] = [];
    let apiErrors = 0;
    for (let i = 0; i < 10_000; i++) {
      const [path, init] = request();
      let res: Response;
      try {
        res = await call(path, init);
      } catch (e) {
        serverErrors.push(`${init.method ?? 'GET'} ${path}: threw ${String(e)}`);
        continue;
      }
      // Allowed: 503 budget-exceeded (a documented answer) and oEmbed's 501 for a format other than json (its spec's).
      const documented = (res.status === 503 && (await res.clone().text()).includes('budget-exceeded')) || (res.status === 501 && path.startsWith('/oembed') && !path.includes('format=json'));
      if (res.status >= 500 && !documented) serverErrors.push(`${init.method ?? 'GET'} ${path}: ${res.status}`);
      if (res.status >= 400 && init.method !== 'HEAD' && (path.startsWith('/solve') || path.startsWith('/oembed')) && res.headers.get('Content-Type')?.includes('json')) {
        const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
        expect(typeof body.error?.code, path).toBe('string');
        expect(typeof body.error?.message, path).toBe('string');
        apiErrors++;
      } else await res.arrayBuffer();
    }
    expect(serverErrors).toEqual([]);
    expect(apiErrors).toBeGreaterThan(1000);
  }, 300_000);
});
