/** The API under the `line` slide rule (Rush Hour): `slide` in GET and POST, `rush:` codes, the cache key. */
import { describe, expect, it } from 'vitest';
import { parseLayoutInput, checkSolution } from '../../solver/index.ts';
import { readRush, rushReplay } from '../helpers/rush-reference.ts';
import { call, freshClient, json, realEnv, ROOMY } from './helpers.ts';

/** Fogleman's hardest puzzle without walls (github.com/fogleman/rush): 51 moves. */
const HARDEST = 'rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo';
/** A 4×4 lot: the car A in row 2, C standing in its way. */
const SMALL = '....-AAC.-..C.-....';

const post = (body: object) => call('/solve', { method: 'POST', headers: { ...freshClient(), 'content-type': 'application/json' }, body: JSON.stringify(body) }, ROOMY);

describe('/solve with slide=line', () => {
  it('GET and POST take a rush: code and answer in the project\'s code, 51 straight moves, each on its axis', async () => {
    const get = await call(`/solve?layout=${encodeURIComponent(HARDEST)}&metric=straight`, { headers: freshClient() }, ROOMY);
    expect(get.status).toBe(200);
    const a = await json(get);
    expect(a).toMatchObject({ kind: 'klotski', slide: 'line', status: 'solved', length: 51, metric: 'straight', goal: { piece: [2, 3], at: [2, 4] } });
    expect(rushReplay(readRush(HARDEST), a.moves, 'straight')).toBeNull();
    expect(checkSolution(parseLayoutInput(a.layout, 'line').layout, 'straight', a.moves, null, 'line')).toBeNull();
    expect(a.canonical).toMatch(/~line$/);
    const b = await json(await post({ layout: HARDEST, metric: 'move' }));
    expect(b).toMatchObject({ slide: 'line', length: 51, layout: a.layout });
    // The project's code with slide line is the same puzzle.
    const c = await json(await post({ layout: a.layout, slide: 'line', metric: 'straight' }));
    expect([c.length, c.canonical, c.cached]).toEqual([51, a.canonical, true]);
  });

  it('keeps line apart from free in the cache key', async () => {
    const free = await json(await post({ layout: SMALL, goal: 'A@1,2' }));
    const line = await json(await post({ layout: SMALL, goal: 'A@1,2', slide: 'line' }));
    // Free, C steps aside; under line it must go down (or up) and the car follows: both 2 moves, different moves.
    expect([free.length, line.length]).toEqual([2, 2]);
    expect(free.canonical).not.toBe(line.canonical);
    expect(line.canonical).toBe(`${free.canonical}~line`);
    expect(await realEnv.SOLUTIONS!.get(`v1:move:${line.canonical}`)).toBeTruthy();
    expect(await realEnv.SOLUTIONS!.get(`v1:move:${free.canonical}`)).toBeTruthy();
    expect(line.moves[0].to[1]).toBe(line.moves[0].from[1]);
    const get = await json(await call(`/solve?layout=${SMALL}&slide=line`, { headers: freshClient() }, ROOMY));
    expect(get).toMatchObject({ slide: 'line', length: 2, goal: { piece: [1, 0], at: [1, 2] } });
  });

  it('refuses, by message, an unknown rule, a board that is not square, a vehicle that is not a bar, a vertical car', async () => {
    const cases: Array<[string, RegExp]> = [
      [`/solve?layout=${SMALL}&slide=diagonal`, /"diagonal" is not one of free, line/],
      [`/solve?layout=rush:AAooo`, /5 characters is not a square number/],
      [`/solve?layout=rush:AAoCCoCoo`, /vehicle C .* is not a straight bar/],
      [`/solve?layout=rush:AoCAoCooo`, /car A stands vertically/],
      [`/solve?layout=${encodeURIComponent(HARDEST)}&slide=free`, /a rush: code is played under slide line/],
    ];
    for (const [url, message] of cases) {
      const res = await call(url, { headers: freshClient() }, ROOMY);
      expect(res.status, url).toBe(400);
      expect((await json(res)).error.message, url).toMatch(message);
    }
    const res = await post({ layout: SMALL, slide: 'diagonal' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toMatch(/not one of free, line/);
  });
});
