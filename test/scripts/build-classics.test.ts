/**
 * The gallery's answers script (scripts/build-classics.ts): every classic puzzle in every metric, each solve within its
 * budget; what it cannot finish is recorded as open with a proven bound, never as a number; the build's --check replays
 * the stored lines instead of solving again, and computes only the puzzles with no stored answers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../solver/index.ts';
import { loadEngineFromDisk } from '../../solver/node/bitboard-engine.ts';
import { answerPuzzle, answersFingerprint, checkAnswers, type ClassicAnswers } from '../../gallery/answers.ts';
import { readClassics } from '../../gallery/classics.ts';
import { polyDistance } from '../helpers/poly-reference.ts';

const node = process.execPath;
const script = new URL('../../scripts/build-classics.ts', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'classics-answers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const puzzles = readClassics();
const byId = (id: string) => puzzles.find((p) => p.id === id)!;

describe('the classic puzzles\' answers', () => {
  it('a solve that cannot finish within its budget is open, with the bound it proved, and no length', async () => {
    await loadEngineFromDisk();
    // Lodzianka: no search finishes it in 50 ms (not within 20 s today).
    const answers = answerPuzzle(byId('gnome-lodzianka'), 50);
    for (const metric of METRICS) {
      const a = answers.answers[metric];
      expect(a.status, metric).toBe('budget-exceeded');
      expect(a.length, metric).toBeNull();
      expect(a.lowerBound, metric).toBeGreaterThan(0);
      // Why it is open is kept too, so the gallery can say it.
      expect(a.stoppedBy, metric).toBe('time');
      expect(a.ms, metric).toBeLessThan(2000);
    }
  });

  it('a small puzzle\'s answers are its minima in every metric (against the independent breadth-first search)', () => {
    const puzzle = byId('hughes-puzzle');
    const answers = answerPuzzle(puzzle, 3000);
    for (const metric of METRICS) {
      expect(answers.answers[metric], metric).toMatchObject({ status: 'solved', optimal: true, length: polyDistance(puzzle.code, puzzle.goal, metric) });
    }
  });

  it('the fingerprint changes with the budget, a puzzle\'s goal and the solver', () => {
    const base = answersFingerprint(puzzles, 3000);
    expect(answersFingerprint(puzzles, 3000)).toBe(base);
    expect(answersFingerprint(puzzles, 2000)).not.toBe(base);
    const moved = puzzles.map((p) => (p.id === 'moving-day' ? { ...p, goal: '..A-..C' } : p));
    expect(answersFingerprint(moved, 3000)).not.toBe(base);
    expect(answersFingerprint(puzzles, 3000, new URL('../../solver/draw/', import.meta.url))).not.toBe(base);
  });

  it('the script answers every puzzle in every metric with its solution line, prints the whole cost; --check replays the stored lines, computes only what is missing, refuses a line that does not replay', () => {
    const out = join(dir, 'answers.json');
    const printed = execFileSync(node, [script, '--budget-ms', '100', '--out', out], { encoding: 'utf8' });
    const file = JSON.parse(readFileSync(out, 'utf8')) as ClassicAnswers;
    expect(file.budgetMs).toBe(100);
    expect(file.fingerprint).toBe(answersFingerprint(puzzles, 100));
    expect(file.puzzles.map((p) => p.id)).toEqual(puzzles.map((p) => p.id));
    for (const p of file.puzzles) {
      for (const metric of METRICS) {
        const a = p.answers[metric];
        if (a.status === 'solved') expect(a.length, `${p.id} ${metric}`).toBeGreaterThan(0);
        else expect(a, `${p.id} ${metric}`).toMatchObject({ status: 'budget-exceeded', length: null });
      }
    }
    expect(file.puzzles.find((p) => p.id === 'moving-day')!.answers.move.length).toBe(polyDistance(byId('moving-day').code, byId('moving-day').goal, 'move'));
    expect(printed).toMatch(new RegExp(`classic puzzles: ${puzzles.length} × 3 metrics = ${puzzles.length * 3} solves in [\\d.]+ s`));
    expect(file.totalMs).toBeGreaterThan(0);

    // Every solved answer carries its line, which replays to the goal in as many moves as the answer says.
    expect(checkAnswers(file, puzzles)).toMatchObject({ stale: [], bad: [] });

    // --check (the build) replays the stored lines and solves nothing, whatever the budget or the solver now.
    const again = execFileSync(node, [script, '--check', '--budget-ms', '50', '--out', out], { encoding: 'utf8' });
    expect(again).toMatch(/classic puzzles' answers: \d+ stored solution lines replayed and checked/);
    expect(again).not.toMatch(/solves in/);

    // A puzzle with no stored answers (new, or its code changed) is computed alone and added.
    const withoutOne = { ...file, puzzles: file.puzzles.filter((p) => p.id !== 'moving-day') };
    writeFileSync(out, JSON.stringify(withoutOne));
    const added = execFileSync(node, [script, '--check', '--budget-ms', '100', '--out', out], { encoding: 'utf8' });
    expect(added).toContain('no stored answers for moving-day: computing them');
    expect(added).toMatch(/classic puzzles: 1 × 3 metrics = 3 solves in/);
    expect((JSON.parse(readFileSync(out, 'utf8')) as ClassicAnswers).puzzles.map((p) => p.id)).toEqual(puzzles.map((p) => p.id));

    // A stored line that does not replay fails the build, naming the puzzle and the metric.
    const tampered = JSON.parse(readFileSync(out, 'utf8')) as ClassicAnswers;
    const hughes = tampered.puzzles.find((p) => p.id === 'hughes-puzzle')!.answers.move;
    hughes.moves = hughes.moves!.split(' ').slice(1).join(' ');
    hughes.length = hughes.length! - 1;
    writeFileSync(out, JSON.stringify(tampered));
    let failed: { status: number; stderr: string } | null = null;
    try {
      execFileSync(node, [script, '--check', '--out', out], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      failed = e as { status: number; stderr: string };
    }
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toMatch(/hughes-puzzle move: (move 1 .* is not legal|the \d+ moves do not reach the goal)/);
  });
});

describe('the answers kept in git', () => {
  it('are for the puzzles of the file, and every stored line replays to its goal in as many moves as recorded', async () => {
    const { readAnswers } = await import('../../gallery/answers.ts');
    const stored = readAnswers()!;
    expect(stored.command).toBe('npm run build:classics');
    const check = checkAnswers(stored, puzzles);
    expect(check).toMatchObject({ stale: [], bad: [] });
    expect(check.replayed).toBeGreaterThanOrEqual(75);
  });
});
