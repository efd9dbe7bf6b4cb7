import { beforeAll, describe, expect, it } from 'vitest';
import { LayoutError, parseLayoutOrThrow, resolveGoal, type GoalSpec, type Metric } from '../../solver/index.ts';
import { beginSearch, copyTable, decodeTableCopy, encodeTableCopy, searchSlice, type SearchCheckpoint, type SliceResult, type TableCopy } from '../../solver/resumable.ts';
import { compilePuzzle } from '../../solver/klotski/model/puzzle.ts';
import { stepsFromPairs } from '../../solver/klotski/model/moves.ts';
import { pieceCosts } from '../../solver/klotski/search/heuristic.ts';
import { engineIda, engineIdaSlice, HELD_TABLES, type IdaCheckpoint, type IdaSlice } from '../../solver/klotski/wasm/engine-ida.ts';
import { loadEngineFromDisk } from '../../solver/node/bitboard-engine.ts';
import { BudgetClock } from '../../solver/shared/budget.ts';
import { refBoard, refDistance, refReplay } from '../helpers/reference.ts';
import { randomLayoutCode, seededRandom } from '../helpers/random-layouts.ts';
import { sweepSize } from '../helpers/sweeps.ts';

beforeAll(async () => {
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});

type Done = Extract<SliceResult, { done: true }>;

/** Runs a search to its end in slices of `work`, the checkpoint passed through JSON between them (as a Workflow's step result). */
function runSlices(checkpoint: SearchCheckpoint, work: number): { end: Done; slices: number } {
  let cp = checkpoint;
  for (let slice = 1; slice < 100_000; slice++) {
    const result = searchSlice(JSON.parse(JSON.stringify(cp)), { maxWork: work });
    if (result.done) return { end: result, slices: slice };
    cp = result.checkpoint;
  }
  throw new Error('the search never ended');
}

/** Fills the held tables with other searches, so the next slice of any earlier search finds its table gone. */
function evictTables(): void {
  for (let i = 0; i < HELD_TABLES; i++) {
    const other = beginSearch('SBBS-SBB.-SSSS-V..S-VHHS', { owner: `evict-${i}-${Math.random()}` });
    searchSlice(other, { maxWork: 1 });
  }
}

/** The whole search at once on the engine, as solve() runs IDA*. */
function uninterrupted(code: string, goal: GoalSpec | null, metric: Metric, entries: number) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
  const bytes = entries * 8192; // room for `entries` of any key width: the table is then `entries` (a power of two)
  return engineIda(puzzle, grid, pieceCosts(puzzle, metric), metric, new BudgetClock({}), bytes, entries)!;
}

const CASES: Array<[string, GoalSpec | null, Metric]> = [
  ['SS..S-BBSHH-BBSSS-HH.SS-SHHSS', { piece: [1, 0], at: [3, 1] }, 'move'],
  ['VBBV-VBBV-VHHV-VSSV-S..S', null, 'step'],
  ['SS.SV-S.S.V-BBSSS-BBSSS-SXXX.', { piece: [2, 0], at: [3, 1] }, 'straight'],
  // 128-bit masks: 9×8 = 72 cells.
  ['SBBSV.SHH-VBBSV.SSS-VSSSSHHVS-.SVVSSSVS-HHVV.HHSS-VVVSHHSHH-VVVSSV.SS-SSHHSVS.S', { piece: [0, 1], at: [2, 1] }, 'move'],
];

describe('resumable IDA* (solver/resumable.ts)', () => {
  it('in slices, with its table kept, expands exactly the positions of the uninterrupted search, in the same order, to the same solution', () => {
    for (const [code, goal, metric] of CASES) {
      const what = `${code} ${metric}`;
      const begun = beginSearch(code, { metric, goal });
      const whole = uninterrupted(code, goal, metric, begun.entries);
      const { end, slices } = runSlices(begun, 100_000);
      expect(slices, what).toBeGreaterThan(3);
      expect(end.status, what).toBe('solved');
      expect(whole.status, what).toBe('solved');
      expect(end.nodes, `${what}: positions`).toBe(whole.nodes);
      expect(endTrace(begun, 100_000), `${what}: the order of positions (trace)`).toBe(whole.trace);
      const layout = parseLayoutOrThrow(code);
      const resolved = resolveGoal(layout, goal);
      const ref = refBoard(layout.width, layout.height, layout.pieces);
      if (layout.width * layout.height <= 20) expect(end.length, `${what}: optimal`).toBe(refDistance(ref, resolved.pieceIndex, [resolved.row, resolved.col], metric));
      const final = refReplay(ref, metric, end.moves);
      expect([final.pieces[resolved.pieceIndex]!.r, final.pieces[resolved.pieceIndex]!.c], what).toEqual([resolved.row, resolved.col]);
      const { puzzle, grid } = compilePuzzle(layout, resolved);
      expect(end.moves, `${what}: the same solution`).toEqual(stepsFromPairs(puzzle, grid, metric, whole.steps));
    }
  });

  it('without its table (another process, or the table lent to another search) starts again: the same positions in the same order, the same answer', () => {
    const [code, goal, metric] = ['VBBV-VBBV-VHHV-VS.V-S..S', null, 'move'] as const;
    const begun = beginSearch(code, { metric, goal });
    const whole = uninterrupted(code, goal, metric, begun.entries);
    let cp = begun;
    let end: Done | null = null;
    let restarts = 0;
    for (let slice = 1; !end; slice++) {
      // The table is lost twice, early and late: each time the search starts again.
      if (slice === 5 || slice === 40) evictTables();
      const result = searchSlice(JSON.parse(JSON.stringify(cp)), { maxWork: 300_000 });
      if (result.restarted) restarts++;
      if (result.done) end = result;
      else cp = result.checkpoint;
    }
    expect(restarts).toBe(2);
    expect(cp.restarts).toBe(2);
    expect([end.status, end.length]).toEqual(['solved', whole.steps.length]);
    const layout = parseLayoutOrThrow(code);
    const resolved = resolveGoal(layout, goal);
    const ref = refBoard(layout.width, layout.height, layout.pieces);
    expect(end.length).toBe(refDistance(ref, resolved.pieceIndex, [resolved.row, resolved.col], metric));
    const { puzzle, grid } = compilePuzzle(layout, resolved);
    expect(end.moves).toEqual(stepsFromPairs(puzzle, grid, metric, whole.steps));
    // What the lost slices had done is done again, and nothing else.
    expect(end.nodes).toBeGreaterThan(whole.nodes);
  });

  it('without its table but with a copy taken slices before, goes on from its own checkpoint: no slice searched again, the answer optimal', () => {
    for (const [code, goal, metric] of CASES) {
      const what = `${code} ${metric}`;
      const begun = beginSearch(code, { metric, goal, owner: `late-${Math.random()}` });
      const whole = uninterrupted(code, goal, metric, begun.entries);
      // The copy at slice 2, the table lost after slice 5 (and the copy passed through bytes, as KV keeps it).
      const { end, slices, adoptions, restarts } = runWithLosses(begun, 100_000, { copyAt: [2], loseAfter: [5] })!;
      expect([restarts, adoptions], what).toEqual([0, 1]);
      expect(end.status, what).toBe('solved');
      expect(end.length, `${what}: as short as the uninterrupted search's`).toBe(whole.steps.length);
      const layout = parseLayoutOrThrow(code);
      const resolved = resolveGoal(layout, goal);
      const ref = refBoard(layout.width, layout.height, layout.pieces);
      const final = refReplay(ref, metric, end.moves);
      expect([final.pieces[resolved.pieceIndex]!.r, final.pieces[resolved.pieceIndex]!.c], what).toEqual([resolved.row, resolved.col]);
      // Against starting again: the slices before the loss are not done again.
      const again = runWithLosses(beginSearch(code, { metric, goal, owner: `again-${Math.random()}` }), 100_000, { copyAt: [], loseAfter: [5] })!;
      expect(again.restarts, what).toBe(1);
      expect(slices, `${what}: slices with a late copy against starting again`).toBeLessThan(again.slices);
    }
  });

  it('counts every position of a late copy open until expanded again (what the lost slices expanded is not known)', () => {
    const begun = beginSearch('SS.SV-S.S.V-BBSSS-BBSSS-SXXX.', { metric: 'straight', goal: { piece: [2, 0], at: [3, 1] }, owner: `open-${Math.random()}` });
    let cp = begun;
    let copy: TableCopy | null = null;
    for (let slice = 1; slice <= 6; slice++) {
      const r = searchSlice(cp, { maxWork: 100_000 });
      if (r.done) throw new Error('take a larger board');
      cp = r.checkpoint;
      if (slice === 2) copy = copyTable(cp);
    }
    evictTables();
    const late = searchSlice(cp, { maxWork: 5_000, table: copy });
    if (late.done) throw new Error('take a larger board');
    // The copy's entries (a non-zero iteration stamp marks a used one: assembly/transposition.ts's arrays in order).
    const entries = cp.entries;
    const keyBytes = copy!.bytes.length / entries - 7;
    const stamps = new Uint16Array(copy!.bytes.buffer.slice(copy!.bytes.byteOffset + entries * (keyBytes + 2), copy!.bytes.byteOffset + entries * (keyBytes + 4)));
    const used = stamps.reduce((n, stamp) => n + (stamp !== 0 ? 1 : 0), 0);
    expect(used - copy!.open, 'entries the copy marks expanded').toBeGreaterThan(500);
    // Each position the slice expanded closes at most one open entry.
    expect(late.checkpoint.at!.open).toBeGreaterThanOrEqual(used - (late.nodes - cp.nodes));
  });

  it('with a late copy still proves an unsolvable board unsolvable, and never a solvable one (random boards, losses at random slices)', () => {
    const unsolvable = runWithLosses(beginSearch('.HH-SSS-BBS-BBV-S.V-SHH', { owner: `late-u-${Math.random()}` }), 20_000, { copyAt: [1, 3], loseAfter: [2, 5] })!;
    expect(unsolvable.adoptions).toBe(2);
    expect([unsolvable.end.status, unsolvable.end.length]).toEqual(['unsolvable', null]);
    const rand = seededRandom(3607);
    const metrics: Metric[] = ['move', 'straight', 'step'];
    let late = 0;
    let proofs = 0;
    // 40 random boards in the sweep bench, 16 in the tests.
    const boards = sweepSize(40, 16);
    for (let i = 0; i < boards; i++) {
      const [w, h] = ([[3, 4], [4, 4], [3, 5], [4, 5]] as const)[rand(4)]!;
      const code = randomLayoutCode(rand, w, h, 2 + rand(2));
      const metric = metrics[rand(3)]!;
      const layout = parseLayoutOrThrow(code);
      const resolved = resolveGoal(layout, null);
      const expected = refDistance(refBoard(layout.width, layout.height, layout.pieces), resolved.pieceIndex, [resolved.row, resolved.col], metric);
      const work = 2_000 + rand(6_000);
      const copyAt = 1 + rand(3);
      const plan = { copyAt: [copyAt, copyAt + 4], loseAfter: [copyAt + 1 + rand(3), copyAt + 6 + rand(4)] };
      // A table too small to prove a large unsolvable board (an entry never expanded lost): that search never ends.
      if (expected === null && runWithLosses(beginSearch(code, { metric }), work, { copyAt: [], loseAfter: [] }, 5_000) === null) continue;
      const run = runWithLosses(beginSearch(code, { metric, owner: `rand-${i}-${Math.random()}` }), work, plan, 5_000);
      if (!run) throw new Error(`${code} ${metric}: did not end after a late copy`);
      late += run.adoptions;
      if (run.end.status === 'unsolvable' && run.adoptions > 0) proofs++;
      expect(run.end.status === 'solved' ? run.end.length : run.end.status, `${code} ${metric}`).toBe(expected ?? 'unsolvable');
    }
    expect(late, 'searches that went on from a late copy').toBeGreaterThan(boards / 2);
    expect(proofs, 'unsolvable boards proved after a late copy').toBeGreaterThan(0);
  });

  it(`${HELD_TABLES} searches taking turns slice by slice each keep their table; one more makes them start again`, () => {
    const codes = ['VBBV-VBBV-VHHV-VS.V-S..S', 'SBBS-SBB.-SSSS-V..S-VHHS', 'S.S-BBS-BBV-SVV-VV.-VSS', 'SS..S-BBSHH-BBSSS-HH.SS-SHHSS', '.HH-SSS-BBS-BBV-S.V-SHH'];
    const turns = (count: number) => {
      let checkpoints = codes.slice(0, count).map((code, i) => beginSearch(code, { owner: `turns-${count}-${i}` }));
      let restarts = 0;
      for (let round = 0; round < 6; round++) {
        checkpoints = checkpoints.map((cp) => {
          const r = searchSlice(cp, { maxWork: 30_000 });
          if (r.done) throw new Error(`${cp.layout} ended in round ${round}: take a smaller slice`);
          if (r.restarted) restarts++;
          return r.checkpoint;
        });
      }
      return restarts;
    };
    expect(turns(HELD_TABLES)).toBe(0);
    expect(turns(HELD_TABLES + 1)).toBeGreaterThan(0);
  });

  it('proves an unsolvable board unsolvable across slices', () => {
    const code = '.HH-SSS-BBS-BBV-S.V-SHH';
    const { end } = runSlices(beginSearch(code), 20_000);
    expect([end.status, end.length, end.moves]).toEqual(['unsolvable', null, []]);
  });

  it('refuses a corrupted, altered, foreign or outdated checkpoint by message, and a path the search did not make', () => {
    const begun = beginSearch('VBBV-VBBV-VHHV-VS.V-S..S');
    const next = searchSlice(begun, { maxWork: 50_000 });
    if (next.done) throw new Error('expected a checkpoint');
    const cp = next.checkpoint;
    const refused = (value: unknown, message: RegExp) => {
      expect(() => searchSlice(value, { maxWork: 1000 })).toThrow(LayoutError);
      expect(() => searchSlice(value, { maxWork: 1000 })).toThrow(message);
    };
    refused(null, /not a search checkpoint: not an object/);
    refused('checkpoint', /not an object/);
    refused({ ...cp, format: 'other' }, /format "other"/);
    refused({ ...cp, version: 2 }, /version 2 \(this solver reads 1\)/);
    refused({ ...cp, at: { ...cp.at!, bound: cp.at!.bound + 1 } }, /checksum does not match/);
    refused({ ...cp, layout: 'SBBS-SBB.-SSSS-V..S-VHHS' }, /checksum does not match/);
    refused({ ...cp, check: undefined }, /checksum/);
    // The engine itself refuses a move that does not exist where the checkpoint says the search was.
    const layout = parseLayoutOrThrow(cp.layout);
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, null));
    const costs = pieceCosts(puzzle, 'move');
    const first = engineIdaSlice(puzzle, grid, costs, 'move', new BudgetClock({ maxWork: 50_000 }), cp.entries, null, { owner: 'x', slices: 0 })!;
    expect(first.checkpoint).not.toBeNull();
    const at = { ...first.checkpoint!, depth: 1, moves: [999], best: [0x7fffffff] };
    expect(() => engineIdaSlice(puzzle, grid, costs, 'move', new BudgetClock({ maxWork: 1000 }), cp.entries, at, { owner: 'x', slices: 1 })).toThrow(/checkpoint this search did not make/);
  });

  it('checks what it is asked to begin: a bad metric or goal is a LayoutError', () => {
    expect(() => beginSearch('VBBV-VBBV-VHHV-VS.V-S..S', { metric: 'hop' as Metric })).toThrow(/metric "hop"/);
    expect(() => beginSearch('VBBV-VBBV-VHHV-VS.V-S..S', { goal: { piece: [4, 1], at: [0, 0] } })).toThrow(LayoutError);
  });
});

/**
 * Runs a search to its end in slices of `work`, keeping a copy of its table (through bytes) after the slices `copyAt`,
 * and losing the table after the slices `loseAfter` (the next slice gets the last copy, if any).
 */
function runWithLosses(begun: SearchCheckpoint, work: number, plan: { copyAt: number[]; loseAfter: number[] }, maxSlices = 100_000) {
  let cp = begun;
  let copy: TableCopy | null = null;
  let restarts = 0;
  let adoptions = 0;
  for (let slice = 1; slice <= maxSlices; slice++) {
    const lost = plan.loseAfter.includes(slice - 1);
    if (lost) evictTables();
    const result = searchSlice(JSON.parse(JSON.stringify(cp)), { maxWork: work, table: lost ? copy : null });
    if (result.restarted) restarts++;
    if (lost && copy && !result.restarted) adoptions++;
    if (result.done) return { end: result, slices: slice, restarts, adoptions };
    cp = result.checkpoint;
    if (plan.copyAt.includes(slice)) copy = decodeTableCopy(encodeTableCopy(copyTable(cp)!));
  }
  return null;
}

/** The trace after the last slice: the engine's hash of every position expanded, in order (run again, table kept). */
function endTrace(begun: SearchCheckpoint, work: number): number {
  const cp = beginSearch(begun.layout, { metric: begun.metric, goal: begun.goal, owner: `trace-${Math.random()}` });
  const layout = parseLayoutOrThrow(cp.layout);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, cp.goal));
  const costs = pieceCosts(puzzle, cp.metric);
  let at: IdaCheckpoint | null = null;
  for (let slice = 0; ; slice++) {
    const r: IdaSlice = engineIdaSlice(puzzle, grid, costs, cp.metric, new BudgetClock({ maxWork: work }), cp.entries, at, { owner: cp.owner, slices: slice })!;
    expect(r.warm || slice === 0).toBe(true);
    if (!r.checkpoint) return r.trace!;
    at = r.checkpoint;
  }
}
