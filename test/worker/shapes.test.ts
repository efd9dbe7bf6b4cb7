import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow } from '../../solver/index.ts';
import { cacheKey } from '../../worker/cache.ts';
import { jobIdOf } from '../../worker/jobs.ts';
import { polyDistance, polyReplay, polySolved } from '../helpers/poly-reference.ts';
import { call, freshClient, json, realEnv, ROOMY } from './helpers.ts';

// Pieces of any shape, cells off the board and goal drawings at the API (issue 35): GET goal= and POST "goal" take a
// drawing, the drawing is part of the cache key, and every contract error is a 400 naming the letter and the cell.

// Ma's Puzzle (L-shaped pieces) and a small board with a hole whose two pieces of one shape swap.
const MAS = { layout: 'IIILL-HHHHL-MHHHH-MMJJJ-..S..', goal: '...LL-...ML-...MM-.....-.....' };
const SWAP = { layout: 'AA.._-_..._-...._-..CC_', goal: 'CC.._-_..._-...._-..AA_' };

const post = (body: object) =>
  call('/solve', { method: 'POST', headers: { ...freshClient(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, ROOMY);

function expectOptimal(code: string, goal: string, body: any): void {
  expect(body.length).toBe(polyDistance(code, goal, body.metric));
  expect(polySolved(polyReplay(code, body.metric, body.moves), goal)).toBe(true);
}

describe('goal drawings and pieces of any shape at /solve', () => {
  it('POST solves Ma\'s Puzzle toward its drawing, optimal in every metric, and names every goal piece', async () => {
    for (const metric of ['move', 'straight', 'step']) {
      const res = await post({ ...MAS, metric });
      expect(res.status, metric).toBe(200);
      const body = await json(res);
      expectOptimal(MAS.layout, MAS.goal, body);
      expect(body.goal.drawing).toBe(MAS.goal);
      expect(body.goal.pieces.map((p: { letter: string }) => p.letter).sort()).toEqual(['L', 'M']);
    }
  });

  it('GET takes goal= too; the drawing is part of the cache key (a second GET is cached), and `#` is written back as `_`', async () => {
    const url = `/solve?layout=${encodeURIComponent(SWAP.layout.replaceAll('_', '#'))}&goal=${encodeURIComponent(SWAP.goal)}&metric=step`;
    const first = await json(await call(url, { headers: freshClient() }, ROOMY));
    expect(first.layout).toBe(SWAP.layout);
    expectOptimal(SWAP.layout, SWAP.goal, first);
    expect(first.cached).toBe(false);
    expect(await realEnv.SOLUTIONS!.get(`v1:step:${SWAP.layout}~${SWAP.goal}`)).toBeTruthy();
    const again = await json(await call(url, { headers: freshClient() }, ROOMY));
    expect([again.cached, again.length]).toEqual([true, first.length]);
    // Another goal on the same board is another answer.
    const other = await json(await call(`/solve?layout=${SWAP.layout}&goal=${encodeURIComponent('.AA._-_..._-...._-...._')}&metric=step`, { headers: freshClient() }, ROOMY));
    expect(other.cached).toBe(false);
  });

  it('answers every contract error with a 400 that names the letter and the cell (rows and columns from 1), and stores nothing', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ layout: 'AA.-A..', goal: '...-.Z.' }, /there is no piece Z on the board \(row 2 col 2\)/],
      [{ layout: 'AA.-A..', goal: '.AA-..A' }, /A's target cells \(from row 1 col 2\) are not the shape of piece A/],
      [{ layout: 'AA_-A..', goal: '..A-AA.' }, /A at row 1 col 3 is on a cell that is not part of the board/],
      [{ layout: 'S.S-...', goal: 'SSS-...' }, /3 S pieces drawn, but the board has 2/],
      [{ layout: 'AA.-A..', goal: '...-...-...' }, /the goal drawing is 3 wide × 3 tall.*the board is 3 wide × 2 tall/],
      [{ layout: 'AA.-A..' }, /no B \(2×2 block\) and no explicit goal/],
      [{ layout: `${'A'.repeat(17)}-${'.'.repeat(17)}` }, /board larger than 16×16/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await realEnv.SOLUTIONS!.list({ prefix: 'v1:move:AA.-A..' })).keys).toEqual([]);
  });

  it('a drawn goal the request budget refuses goes on as a solve job on the engine, and ends optimal and cached', async () => {
    const puzzle = { layout: 'AAV.E-AAV.E-CC..D-C...D', goal: '.....-.....-...AA-...AA' }; // an L, bars and a 2×2 named by letters
    const id = await jobIdOf(cacheKey('move', canonicalize(parseLayoutOrThrow(puzzle.layout), { drawing: puzzle.goal }).code));
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const res = await call('/solve', { method: 'POST', headers: { ...freshClient(), 'Content-Type': 'application/json' }, body: JSON.stringify(puzzle) }, { SOLVE_MAX_WORK: '3000' });
    expect(res.status).toBe(202);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job.status).toBe('solved');
    expectOptimal(puzzle.layout, puzzle.goal, job.result);
    const again = await json(await call('/solve', { method: 'POST', headers: { ...freshClient(), 'Content-Type': 'application/json' }, body: JSON.stringify(puzzle) }, { SOLVE_MAX_WORK: '3000' }));
    expect([again.cached, again.length]).toEqual([true, job.result.length]);
  });
});
