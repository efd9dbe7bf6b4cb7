/**
 * The gallery's Rush Hour puzzles (data/puzzles/rush.tsv): every row parses, every board is read by the product, and
 * what the site shows of it (site/lib/rush-gallery.ts: the product's minimum in moves and in steps under `line`, its
 * cluster's size) equals the independent reference (test/helpers/rush-reference.ts), every solution line replaying on
 * the reference's rules; the derived positions are what scripts/build-rush.ts writes, at the distance their row names.
 * The two boards whose clusters hold 278,666 and 541,934 positions are checked against the reference only in the whole
 * sweep (npm run bench:sweeps): its search of them takes half a minute more; the rest run in every npm test.
 */
import { describe, expect, it } from 'vitest';
import { parsePuzzleCode, parseRushOrThrow, solve } from '../../solver/index.ts';
import { parseRushGallery, readRushGallery, formatRushGallery, RUSH_COLUMNS } from '../../gallery/rush.ts';
import { rushEntry as computeEntry, rushHref, type RushEntry } from '../../site/lib/rush-gallery.ts';
import { deriveCodes } from '../../scripts/build-rush.ts';
import { readRush, rushDistancesToGoal, rushReplay, rushSearch } from '../helpers/rush-reference.ts';
import { FULL_SWEEPS } from '../helpers/sweeps.ts';

const puzzles = readRushGallery();
const byId = (id: string) => puzzles.find((p) => p.id === id)!;
/** Clusters the reference searches in seconds each, not milliseconds: the whole sweep only. */
const LARGE = new Set(['main-cpp-2', 'main-cpp-3']);
/** What the site's build computes for a puzzle, once per puzzle here. */
const entries = new Map<string, RushEntry>();
const rushEntry = (p: (typeof puzzles)[number]) => entries.get(p.id) ?? entries.set(p.id, computeEntry(p)).get(p.id)!;

describe('Rush Hour puzzles (data/puzzles/rush.tsv)', () => {
  it('parses: each row named in both languages, with a source and a rush: board the product reads', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(20);
    for (const p of puzzles) {
      expect(p.name && p.source && p.note, p.id).toBeTruthy();
      expect(p.nameZh, p.id).toMatch(/[\u4e00-\u9fff]/);
      expect(p.noteZh, p.id).toMatch(/[\u4e00-\u9fff]/);
      expect(p.code, p.id).toMatch(/^rush:[A-Za-z.ox]{36}$/);
      expect(() => parseRushOrThrow(p.code), p.id).not.toThrow();
    }
    // The boards the brief names, from fogleman/rush.
    expect(byId('puzzle51').code).toBe('rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo');
    expect(byId('main-cpp').code).toBe('rush:BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.');
    expect(byId('web-app').code).toBe('rush:IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM');
    // No board twice.
    expect(new Set(puzzles.map((p) => p.code.replace(/o/g, '.'))).size).toBe(puzzles.length);
    // The file is as formatRushGallery writes it, and a malformed row is refused.
    const text = formatRushGallery(puzzles);
    expect(parseRushGallery(text)).toEqual(puzzles);
    expect(() => parseRushGallery(`${RUSH_COLUMNS.join('\t')}\nx\tfogleman\ta\tb`)).toThrow(/4 fields/);
    expect(() => parseRushGallery(text.replace('puzzle51@5', 'nowhere@5'))).toThrow(/nowhere/);
  });

  it('derives each position of a cluster as scripts/build-rush.ts does, at the distance its row names', () => {
    expect(deriveCodes(puzzles).map((p) => p.code)).toEqual(puzzles.map((p) => p.code));
    const derived = puzzles.filter((p) => p.from);
    expect(derived.map((p) => p.from!.distance)).toEqual(['farthest', 5, 10, 20, 30, 40]);
    for (const p of derived) {
      const source = byId(p.from!.id);
      const board = readRush(source.code);
      const all = rushDistancesToGoal(board, 'straight');
      const d = p.from!.distance === 'farthest' ? Math.max(...all.map((q) => q.distance)) : p.from!.distance;
      // The name says the distance; the position is in the source's cluster, that far from the exit.
      if (p.from!.distance !== 'farthest') expect(`${p.name} ${p.nameZh}`, p.id).toMatch(new RegExp(`\\b${d} moves.* ${d} 步`));
      expect(rushSearch(readRush(p.code), 'straight'), p.id).toEqual({ distance: d, cluster: all.length });
    }
  });

  it('shows for each the product\'s minimum in moves and in steps and its cluster\'s size, as the reference finds them; every line replays', () => {
    // `npm test`: every other one of the small clusters (the sweep bench: all, the large ones too).
    const checked = FULL_SWEEPS ? puzzles : puzzles.filter((p) => !LARGE.has(p.id)).filter((_, i) => i % 2 === 0);
    for (const p of checked) {
      const entry = rushEntry(p);
      const board = readRush(p.code);
      const straight = rushSearch(board, 'straight');
      const step = rushSearch(board, 'step');
      expect([entry.answers.move.length, entry.answers.step.length, entry.cluster], p.id).toEqual([straight.distance, step.distance, straight.cluster]);
      expect(entry.answers.move.status, p.id).toBe(straight.distance === null ? 'unsolvable' : 'solved');
      if (straight.distance === null) continue;
      for (const metric of ['move', 'step'] as const) {
        const result = solve(parseRushOrThrow(p.code), { slide: 'line', metric });
        expect(rushReplay(board, result.moves, metric === 'move' ? 'straight' : 'step'), `${p.id} ${metric}`).toBeNull();
      }
    }
    // Beyond the plain boards: a wall, an impossible board, one already solved, and the large clusters.
    expect(rushEntry(byId('web-app')).answers.move.length).toBe(60);
    expect(rushEntry(byId('static')).answers.move.status).toBe('unsolvable');
    expect(rushEntry(byId('unsolver')).answers.move.length).toBe(0);
    expect(rushEntry(byId('main-cpp-2')).cluster).toBeGreaterThan(500_000);
  });

  it('links each to its solution page: the project\'s code under slide=line, as a rush: address redirects', () => {
    for (const p of puzzles.slice(0, 8)) {
      const entry = rushEntry(p);
      const parsed = parsePuzzleCode(entry.layoutCode);
      expect(parsed.ok && parsed.value.canonical, p.id).toBe(entry.layoutCode);
      expect(rushHref(entry.layoutCode)).toBe(`/s/${entry.layoutCode}?slide=line`);
      expect(rushHref(entry.layoutCode, 'step')).toBe(`/s/${entry.layoutCode}?slide=line&metric=step`);
      // The thumbnail draws the exit in the right wall at the car's row, the car red.
      expect(entry.startSvg).toContain('#c62828');
    }
  });
});
