/** Defects found by fuzzing the running Worker, pinned: no 5xx for any malformed input, clear 400s, no trusted junk. */
import { describe, expect, it } from 'vitest';
import { forgetRecent } from '../../worker/cache.ts';
import { clientKeyOf } from '../../worker/client-key.ts';
import { scrambledTiles, seededRandom } from '../helpers/random-layouts.ts';
import { call, freshClient, json, NO_JOBS, realEnv, ROOMY } from './helpers.ts';

const post = (body: unknown, overrides = {}) =>
  call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: typeof body === 'string' ? body : JSON.stringify(body) }, overrides);

/** The page's <title> text (the element carries its two languages as attributes too). */
const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];

describe('malformed requests are 400s that say what is wrong, never 5xx', () => {
  it('a tiles goal of another size is a 400 bad-goal, before KV or the limiter', async () => {
    let touched = 0;
    const kv = { get: () => (touched++, Promise.resolve(null)), put: () => Promise.resolve() } as unknown as KVNamespace;
    const limiter = { limit: async () => (touched++, { success: true }) } as unknown as RateLimit;
    const res = await post({ layout: '123-456-78.', goal: '1234-5678-9ABC-DEF.' }, { SOLUTIONS: kv, MISS_LIMITER: limiter });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'bad-goal', message: 'the goal is 4×4 but the board is 3×3' });
    expect(touched).toBe(0);
  });

  const typeCases: Array<[string, RequestInit & { path?: string }, string]> = [
    ['layout a number', { body: '{"layout":1}' }, 'layout must be a string, not a number'],
    ['layout null', { body: '{"layout":null}' }, 'layout must be a string, not null'],
    ['layout an array', { body: '{"layout":["VBBV"]}' }, 'layout must be a string, not an array'],
    ['an array body', { body: '[1,2]' }, 'the request body must be a JSON object'],
    ['optimal a string', { body: '{"layout":"123-456-78.","optimal":"yes"}' }, 'optimal must be a boolean'],
  ];
  for (const [name, init, message] of typeCases) {
    it(`${name} → 400 naming the field and type`, async () => {
      const res = await post(init.body as string);
      expect(res.status).toBe(400);
      expect((await json(res)).error.message).toContain(message);
    });
  }

  // Every schema failure in the project's words: the parameter named, what it must be, what was sent.
  const LIBRARY_WORDS = /Too small|Too big|Invalid (input|option|string)|expected (string|number|one of)|>=|<=/;
  const wordingCases: Array<[string, string, RequestInit | null, string, string]> = [
    ['an empty layout (GET)', '/solve?layout=', null, 'invalid-query', 'layout is empty: give a layout code such as VBBV-VBBV-VHHV-VSSV-S..S'],
    ['no layout (GET)', '/solve?metric=step', null, 'invalid-query', 'layout is required: give a layout code such as VBBV-VBBV-VHHV-VSSV-S..S'],
    ['an unknown metric (GET)', '/solve?layout=VBBV-VBBV-VHHV-VSSV-S..S&metric=foo', null, 'invalid-query', 'metric must be move, straight or step (got "foo")'],
    ['optimal not true/false (GET)', '/solve?layout=123-456-78.&optimal=yes', null, 'invalid-query', 'optimal must be true or false (got "yes")'],
    ['a layout over 256 characters (GET)', `/solve?layout=${'S'.repeat(300)}`, null, 'too-long', 'layout has 300 characters, at most 256'],
    ['an empty layout (POST)', '/solve', { body: '{"layout":""}' }, 'invalid-json', 'layout is empty: give a layout code such as VBBV-VBBV-VHHV-VSSV-S..S'],
    ['no layout (POST)', '/solve', { body: '{"metric":"move"}' }, 'invalid-json', 'layout is required: give a layout code such as VBBV-VBBV-VHHV-VSSV-S..S'],
    ['an unknown metric (POST)', '/solve', { body: '{"layout":"123-456-78.","metric":"hop"}' }, 'invalid-json', 'metric must be move, straight or step (got "hop")'],
    ['a goal piece of two letters', '/solve', { body: '{"layout":"123-456-78.","goal":{"piece":"XY","at":[0,0]}}' }, 'invalid-json', 'goal.piece must be a piece letter such as "B", or the piece\'s top-left cell [row, col] (got "XY")'],
    ['a negative goal cell', '/solve', { body: '{"layout":"123-456-78.","goal":{"piece":"B","at":[0,-1]}}' }, 'invalid-json', 'goal.at[1] must be at least 0 (got -1)'],
    ['a goal cell of three numbers', '/solve', { body: '{"layout":"123-456-78.","goal":{"piece":"B","at":[0,1,2]}}' }, 'invalid-json', 'goal.at must be the target top-left cell [row, col] (got [0,1,2])'],
    ['a fractional goal cell', '/solve', { body: '{"layout":"123-456-78.","goal":{"piece":"B","at":[0.5,1]}}' }, 'invalid-json', 'goal.at[0] must be a whole number (got 0.5)'],
    ['a goal without its target', '/solve', { body: '{"layout":"123-456-78.","goal":{"piece":"B"}}' }, 'invalid-json', 'goal.at is required: give the target top-left cell [row, col]'],
    ['a goal that is a number', '/solve', { body: '{"layout":"123-456-78.","goal":5}' }, 'invalid-json', 'goal must be an object { "piece": …, "at": [row, col] }, or text: "B@3,1", a goal drawing such as "....-....-....-.BB.-.BB.", or for tiles puzzles a tiles code such as "123-456-78.", not a number'],
  ];
  for (const [name, path, init, code, message] of wordingCases) {
    it(`${name} → 400 ${code}, in the project's words`, async () => {
      const res = init ? await post(init.body as string) : await call(path, { headers: freshClient() });
      expect(res.status).toBe(400);
      const { error } = await json(res);
      expect(error).toEqual({ code, message });
      expect(error.message).not.toMatch(LIBRARY_WORDS);
    });
  }

  it('a repeated query parameter is named', async () => {
    const res = await call('/solve?layout=a&layout=b', { headers: freshClient() });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('layout is given more than once; give it once');
  });

  it('a few thousand generated malformed bodies: no 5xx, every error JSON with a code, Server-Timing on every answer', async () => {
    const rand = seededRandom(404);
    const pick = <T>(xs: T[]) => xs[rand(xs.length)]!;
    const layouts = ['123-456-78.', '1234-5678-9ABC-DEF.', 'VBBV-VBBV-VHHV-VSSV-S..S', 'BB.-BB.', 'SBBS-SBBS-.HH.-VVVV-VVVV', '12-3.', 'O5EKI-JB38L-GF.4H-MA6D2-C17N9'];
    const junk = (): unknown => pick([1, -1, 0.5, null, true, '', 'x', '#', [], {}, [1], ['a', 'b'], { piece: 'B' }, 'é'.repeat(300)]);
    const mutate = (s: string) => {
      const chars = [...s];
      const at = rand(chars.length + 1);
      const op = rand(3);
      if (op === 0) chars.splice(at, 1);
      else if (op === 1) chars.splice(at, 0, pick([...'.-/SBVH019AZ#é ~']));
      else chars[at] = pick([...'.-SB1A ']);
      return chars.join('');
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const layout = rand(4) === 0 ? junk() : mutate(pick(layouts));
      const body: Record<string, unknown> = { layout };
      if (rand(2)) body.metric = pick(['move', 'step', 'straight', 'hop', 1, null]);
      if (rand(2)) body.goal = pick([junk(), mutate(pick(layouts)), { piece: pick(['B', 'X', [0, 1], [9, 9], 1]), at: pick([[3, 1], [0, 0], [-1, 2], [1], 'a', [99, 99]]) }]);
      if (rand(4) === 0) body.optimal = pick([true, false, 'yes', 1]);
      // No solve jobs: a job started here would go on (and log) after the file ends; jobs have tests of their own.
      const res = await post(rand(20) === 0 ? JSON.stringify(body).slice(0, rand(40)) : body, { SOLVE_MAX_NODES: '300', ...NO_JOBS });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500 + (res.status === 503 ? 4 : 0));
      expect(res.headers.get('Server-Timing'), JSON.stringify(body)).toBeTruthy();
      if (res.status >= 400) expect((await json(res)).error.code).toMatch(/^[a-z-]+$/);
      else await res.arrayBuffer();
    }
    expect(statuses.get(400)).toBeGreaterThan(1000);
    expect(statuses.get(200)).toBeGreaterThan(10);
  }, 120_000);
});

describe('the default budget holds on every board', () => {
  it('a 10×10 board of soldiers (step metric) is refused quickly with a proven bound, and the refusal is cached (no jobs)', async () => {
    const rows = Array.from({ length: 10 }, (_, r) => (r < 2 ? 'BBSSSSSSSS' : r === 9 ? 'SSSSSSSS..' : 'SSSSSSSSSS'));
    const body = { layout: rows.join('-'), metric: 'step' };
    const first = await post(body, NO_JOBS);
    expect(first.status).toBe(503);
    expect((await json(first)).error).toMatchObject({ code: 'budget-exceeded', cached: false });
    const again = await post(body, NO_JOBS);
    expect((await json(again)).error.cached).toBe(true);
  });
});

describe('tiles: optimal and bounds', () => {
  it('POST optimal: true is honoured and part of the cache key', async () => {
    const code = 'O5EKI-JB38L-GF.4H-MA6D2-C17N9';
    const fast = await json(await post({ layout: code }, ROOMY));
    expect(fast).toMatchObject({ optimal: false, stats: { algorithm: 'weighted' } });
    const insist = await post({ layout: code, optimal: true });
    expect(insist.status).toBe(503);
    const error = (await json(insist)).error;
    expect(error.code).toBe('budget-exceeded');
    expect(error.lowerBound).toBeGreaterThan(0);
  });

  it('an over-budget fast-mode 6×6 states a real lower bound (its Manhattan distance), never 0', async () => {
    const code = scrambledTiles(36, 6, 6, 400); // solvable, far from solved
    const res = await post({ layout: code }, { SOLVE_MAX_NODES: '5' });
    expect(res.status).toBe(503);
    const error = (await json(res)).error;
    expect(error.lowerBound).toBeGreaterThan(10);
    expect(error.message).toContain(`no solution is shorter than ${error.lowerBound} moves`);
  });

  it('an over-budget Klotski search states its lower bound in the metric asked for (steps, straight moves)', async () => {
    const code = 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS'; // 5×5, not in the tablebase
    for (const [metric, unit] of [['step', 'steps'], ['straight', 'straight moves'], ['move', 'moves']] as const) {
      const res = await post({ layout: code, metric }, { SOLVE_MAX_NODES: '5', ...NO_JOBS });
      expect(res.status, metric).toBe(503);
      const error = (await json(res)).error;
      expect(error.lowerBound, metric).toBeGreaterThan(1);
      expect(error.message, metric).toContain(`no solution is shorter than ${error.lowerBound} ${unit}`);
    }
  });
});

describe('stored solutions are checked before they are served', () => {
  it('a wrong KV entry (illegal moves) is dropped and solved again, for the layout and its mirror image; never a 500', async () => {
    const code = 'VBBS-VBB.-VHHS-VVV.-.VV.'; // 围而不歼 less two soldiers, not in the tablebase
    const first = await json(await post({ layout: code }, ROOMY));
    expect(first.length).toBe(15);
    const key = `v1:move:${first.canonical}`;
    const stored = JSON.parse((await realEnv.SOLUTIONS!.get(key))!);
    await realEnv.SOLUTIONS!.put(key, JSON.stringify({ ...stored, length: 3, moves: stored.moves.slice(0, 3 * 3) }));
    forgetRecent();
    const mirror = 'SBBV-.BBV-SHHV-.VVV-.VV.';
    for (const layout of [mirror, code]) {
      const res = await post({ layout }, ROOMY);
      expect(res.status, layout).toBe(200);
      const body = await json(res);
      expect(body.length).toBe(15);
    }
  });
});

describe('rate-limit keys', () => {
  it('IPv4 whole; IPv6 by its /64, however it is written', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:db8::7')).toBe('2001:db8:0:0::/64');
    // IPv4 addresses written as IPv6 are keyed by the IPv4 address, in every spelling.
    expect(clientKeyOf('::ffff:203.0.113.1')).toBe('203.0.113.1');
    expect(clientKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKeyOf('0:0:0:0:0:ffff:cb00:7101')).toBe('203.0.113.1');
    expect(clientKeyOf('[::FFFF:203.0.113.1]')).toBe('203.0.113.1');
    expect(clientKeyOf(undefined)).toBe('local');
  });
});

describe('links in cached responses come from the configured origin', () => {
  it('SITE_ORIGIN, not the Host header, goes into og:url, canonical and oEmbed', async () => {
    const site = { SITE_ORIGIN: 'https://huarong.example' };
    const page = await (await call('/s/VBBV-VBBV-VHHV-VSSV-S..S', { headers: { Host: 'evil.example' } }, site)).text();
    expect(page).toContain('<link rel="canonical" href="https://huarong.example/s/VBBV-VBBV-VHHV-VSSV-S..S">');
    expect(page).not.toContain('evil.example');
    const oembed = await json(await call(`/oembed?url=${encodeURIComponent('https://huarong.example/s/VBBV-VBBV-VHHV-VSSV-S..S')}`, {}, site));
    expect(oembed.html).toContain('src="https://huarong.example/embed/VBBV-VBBV-VHHV-VSSV-S..S"');
    expect(oembed.provider_url).toBe('https://huarong.example');
  });

  it('without SITE_ORIGIN, a page built for an unknown host is for that client alone; local hosts stay cacheable', async () => {
    const path = '/s/VBBV-VBBV-VHHV-VSSV-S..S';
    const forged = await call(`http://evil.example${path}`, {}, { SITE_ORIGIN: '' });
    expect(await forged.text()).toContain('http://evil.example/s/');
    expect(forged.headers.get('Cache-Control')).toBe('private, no-store');
    const oembed = await call(`http://evil.example/oembed?url=${encodeURIComponent(`http://evil.example${path}`)}`, {}, { SITE_ORIGIN: '' });
    expect(oembed.headers.get('Cache-Control')).toBe('private, no-store');
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787']) {
      expect((await call(`http://${host}${path}`, {}, { SITE_ORIGIN: '' })).headers.get('Cache-Control'), host).toBe('public, max-age=300');
    }
    const configured = await call(`http://evil.example${path}`, {}, { SITE_ORIGIN: 'https://huarong.example' });
    expect(configured.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(await configured.text()).not.toContain('evil.example');
  });

  it('oEmbed below a usable size is 404, as the spec asks', async () => {
    const url = encodeURIComponent('http://huarong.test/s/VBBV-VBBV-VHHV-VSSV-S..S');
    const tiny = await call(`/oembed?url=${url}&maxwidth=0.5`);
    expect(tiny.status).toBe(404);
    expect((await json(tiny)).error.code).toBe('too-small');
    expect((await call(`/oembed?url=${url}&maxwidth=50`)).status).toBe(404);
    expect((await call(`/oembed?url=${url}&maxwidth=200`)).status).toBe(200);
  });

  it('pages carry a real Content-Security-Policy', async () => {
    const res = await call('/s/VBBV-VBBV-VHHV-VSSV-S..S');
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
  });
});

describe('named layouts are recognised', () => {
  const cases: Array<[string, string, string]> = [
    ['as written', 'VBBV-VBBV-VHHV-VSSV-S..S', '横刀立马'],
    ['as its mirror image', 'VSSS-VVBB-VVBB-VHH.-HHS.', '峰回路转'],
    ['with pieces relabelled', 'XBBY-XBBY-VHHV-VSZV-S..S', '横刀立马'],
  ];
  for (const [how, code, name] of cases) {
    it(`${name} ${how}: in the title, og:title, the heading and the preview image`, async () => {
      const page = await (await call(`/s/${code}`)).text();
      expect(titleOf(page)).toBe(`${name} · 华容道 ${code} — Huarong`);
      expect(page).toMatch(new RegExp(`<meta property="og:title" content="${name} · 华容道`));
      expect(page).toMatch(new RegExp(`<span id="layout-name" class="layout-name" lang="zh-CN">${name}</span><span class="layout-gloss" data-lang="en" lang="en"> [^<]+ · [^<]+</span>`));
      expect(await (await call(`/img/${code}.svg`)).text()).toContain(`${name} · 华容道`);
    });
  }

  it('a CommonCode redirects to the readable code, which is named', async () => {
    const res = await call('/s/1A9BF0C');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/s/VBBV-VBBV-VHHV-VSSV-S..S');
  });

  it('an unnamed layout keeps the plain title', async () => {
    const page = await (await call('/s/VBBV-VBBV-VHHV-VS.V-SS.S')).text();
    expect(titleOf(page)).toBe('华容道 VBBV-VBBV-VHHV-VS.V-SS.S — Huarong');
    expect(page).not.toContain('layout-name');
  });
});

describe('pages served ready to draw (no layout shift when the script runs)', () => {
  it('/s/ carries the code, the board sized from it, and the distance line for every valid layout (none for an invalid one)', async () => {
    const classic = await (await call('/s/VBBV-VBBV-VHHV-VSSV-S..S')).text();
    expect(classic).toMatch(/<code id="layout-code">VBBV-VBBV-VHHV-VSSV-S\.\.S<\/code>/);
    expect(classic).toContain('class="player skeleton"');
    expect(classic).toMatch(/class="board" style="--w:4;--h:5;aspect-ratio:4 \/ 5"/);
    expect(classic).toMatch(/<p id="distance"[^>]*>/);
    expect(/<p id="distance"[^>]*>/.exec(classic)![0]).not.toContain('hidden');
    const tiles = await (await call('/s/123-456-78.')).text();
    expect(tiles).toMatch(/class="board" style="--w:3;--h:3;aspect-ratio:3 \/ 3"/);
    expect(/<p id="distance"[^>]*>/.exec(tiles)![0]).not.toContain('hidden');
    const wide = await (await call('/s/SBBSS-.BBSS-S.SSS-HHS.S')).text();
    expect(wide).toMatch(/style="--w:5;--h:4;aspect-ratio:5 \/ 4"/);
    expect(/<p id="distance"[^>]*>/.exec(wide)![0]).not.toContain('hidden'); // replay distances on every board
    const invalid = await (await call('/s/hello%20world')).text();
    expect(/<p id="distance"[^>]*>/.exec(invalid)![0]).toContain('hidden');
  });

  it('/embed/ sizes its board from the code', async () => {
    const page = await (await call('/embed/1234-5678-9ABC-DEF.')).text();
    expect(page).toMatch(/class="board" style="--w:4;--h:4;aspect-ratio:4 \/ 4"/);
  });
});

describe('link previews that render everywhere', () => {
  /** PNG signature and the IHDR size. */
  function pngSize(bytes: Uint8Array): [number, number] {
    expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return [view.getUint32(16), view.getUint32(20)];
  }

  for (const [what, code, caching] of [
    ['a named layout (pre-rendered at build, every count known)', 'SSSV-BBVV-BBVV-.HHV-.SHH', 'public, max-age=31536000, immutable'],
    ['a classic layout the tablebase answers (drawn by the Worker, every count known)', 'VBBV-VBBV-VHHV-VS.V-SS.S', 'public, max-age=31536000, immutable'],
    ['an unsolved layout, four empty cells (counts not known yet: kept minutes)', 'VBBV-VBBV-VHHV-V..V-.SS.', 'public, max-age=300'],
    ['a tiles layout (no counts in its preview yet)', '867-254-3.1', 'public, max-age=300'],
  ]) {
    it(`/img/<code>.png for ${what}: a 1200×630 PNG, ${caching}`, async () => {
      const res = await call(`/img/${code}.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('image/png');
      expect(res.headers.get('Cache-Control')).toBe(caching);
      expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual([1200, 630]);
    }, 60_000);
  }

  it('a preview changes when more is known: the page\'s og:image URL carries the move count once it is solved', async () => {
    const code = 'VBBV-VBBV-VHHV-VS.V-...S'; // four empty cells: searched, so its counts come from KV
    const before = await (await call(`/s/${code}`)).text();
    expect(before).toContain(`<meta property="og:image" content="http://huarong.test/img/${code}.png">`);
    const solved = await json(await call(`/solve?layout=${code}`, { headers: freshClient() }, ROOMY));
    const after = await (await call(`/s/${code}`)).text();
    expect(after).toContain(`<meta property="og:image" content="http://huarong.test/img/${code}.png?v=${solved.length}">`);
  }, 60_000);

  it('/s/ pages point og:image and twitter:image at the PNG, with its size, type and alt', async () => {
    for (const code of ['VSSS-VVBB-VVBB-VHH.-HHS.', 'VBBV-VBBV-VHHV-VS.V-SS.S']) {
      const page = await (await call(`/s/${code}`)).text();
      expect(page).toMatch(new RegExp(`<meta property="og:image" content="http://huarong\\.test/img/${code.replace(/\./g, '\\.')}\\.png(\\?v=\\w+)?">`));
      expect(page).toMatch(new RegExp(`<meta name="twitter:image" content="http://huarong\\.test/img/${code.replace(/\./g, '\\.')}\\.png(\\?v=\\w+)?">`));
      expect(page).toContain('<meta property="og:image:width" content="1200">');
      expect(page).toContain('<meta property="og:image:height" content="630">');
      expect(page).toContain('<meta property="og:image:type" content="image/png">');
      expect(page).toMatch(/<meta property="og:image:alt" content="[^"]*(峰回路转|VBBV-VBBV-VHHV-VS\.V-SS\.S)[^"]*">/);
    }
  });

  it('a preview is cached under its path alone: a query string neither misses nor adds an entry', async () => {
    const code = 'VBBV-VBBV-VHHV-VSSV-.SS.';
    const cache = (caches as unknown as { default: Cache }).default;
    await call(`/img/${code}.png?u=1`);
    // Wait for the put that runs after the response.
    for (let i = 0; i < 50 && !(await cache.match(`http://huarong.test/img/${code}.png`)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await cache.match(`http://huarong.test/img/${code}.png`)).toBeTruthy();
    expect(await cache.match(`http://huarong.test/img/${code}.png?u=1`)).toBeUndefined();
    const again = await call(`/img/${code}.png?u=2`);
    expect(again.status).toBe(200);
    expect(await cache.match(`http://huarong.test/img/${code}.png?u=2`)).toBeUndefined();
  }, 60_000);

  it('new preview renders are limited per client; cached and pre-rendered previews never are', async () => {
    const keys: string[] = [];
    const denying = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: false }) } as unknown as RateLimit;
    const fresh = await call('/img/VBBV-VBBV-VHHV-V.SV-SS.S.png', { headers: { 'CF-Connecting-IP': '203.0.113.5' } }, { MISS_LIMITER: denying });
    expect(fresh.status).toBe(429);
    expect(fresh.headers.get('Retry-After')).toBe('60');
    expect((await json(fresh)).error.code).toBe('rate-limited');
    expect(keys).toEqual(['render:203.0.113.5']);
    const named = await call('/img/SSSV-BBVV-BBVV-.HHV-.SHH.png', {}, { MISS_LIMITER: denying });
    expect(named.status).toBe(200);
  }, 60_000);

  it('a page past its client\'s limit skips the KV read and is still served, with the generic description', async () => {
    const code = 'VBBV-VBBV-VHHV-VS.V-..S.'; // four empty cells: searched, its answer kept in KV
    await call(`/solve?layout=${code}`, { headers: freshClient() }, ROOMY);
    forgetRecent();
    const keys: string[] = [];
    const denying = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: false }) } as unknown as RateLimit;
    const res = await call(`/s/${code}`, { headers: { 'CF-Connecting-IP': '203.0.113.6' } }, { MISS_LIMITER: denying });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('The optimal solution, move by move');
    expect(keys).toEqual(['page:203.0.113.6']);
    const allowed = await (await call(`/s/${code}`, { headers: { 'CF-Connecting-IP': '203.0.113.6' } })).text();
    expect(allowed).toMatch(/Solved in \d+ moves/);
  }, 60_000);

  it('a classic page\'s description carries its move count from the tablebase; a 15-puzzle\'s title says 数字华容道', async () => {
    const classic = await (await call('/s/VBBV-VBBV-VHHV-VSSV-S..S')).text();
    expect(classic).toContain('<meta property="og:description" content="Solved in 81 moves (optimal) — 81 步最优解。">');
    const tiles = await (await call('/s/D68C-FE.A-B745-9132')).text();
    expect(tiles).toContain('<meta property="og:title" content="数字华容道 D68C-FE.A-B745-9132 — Huarong">');
    expect(titleOf(tiles)).toBe('数字华容道 D68C-FE.A-B745-9132 — Huarong');
  });

  it('an invalid layout\'s page declares no PNG size for its image (the site\'s icon)', async () => {
    const page = await (await call('/s/hello%20world')).text();
    expect(page).toContain('<meta property="og:image" content="http://huarong.test/favicon.svg">');
    expect(page).not.toContain('og:image:width');
    expect(page).not.toContain('og:image:type');
  });

  it('the SVG stays at /img/<code>.svg', async () => {
    const res = await call('/img/VBBV-VBBV-VHHV-VSSV-S..S.svg');
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
  });
});
