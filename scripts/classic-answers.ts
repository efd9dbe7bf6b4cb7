/**
 * The gallery's answers for the classic puzzles (data/puzzles/classics.tsv): each puzzle solved toward its goal drawing
 * by the product's own `solve()`, in each metric, within a time budget per solve. What a search did not finish within
 * it is recorded as such (with the lower bound it proved), never as a number: the page then offers to open the
 * puzzle, whose own page searches longer. Written by scripts/build-classics.ts, read by the site's build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CLI_MEMORY_BYTES } from '../solver/node/cli-memory.ts';
import { createHash } from 'node:crypto';
import { METRICS, parseLayoutOrThrow, solve, type Metric, type StopReason } from '../solver/index.ts';
import type { ClassicPuzzle } from './classics.ts';

/** Bumped when the file's shape changes. */
export const ANSWERS_FORMAT = 1;
/**
 * Each solve's time budget unless told otherwise: enough for the slowest puzzles the engine answers (T-zer's move
 * metric, about 3 s by breadth-first search storing ranks), few enough that the build stays bounded (the two puzzles
 * still open spend it six times, about 50 s).
 */
export const DEFAULT_BUDGET_MS = 8000;
export const ANSWERS_FILE = new URL('../site/generated/classics-answers.json', import.meta.url);

export interface MetricAnswer {
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  /** The minimum, when solved (always optimal: solve() answers only proven minima unless told otherwise). */
  length: number | null;
  optimal: boolean;
  /** Not solved within the budget: no solution is shorter than this. */
  lowerBound?: number;
  /** Not solved within the budget: what stopped the search (time, memory, …). Absent in files written before it. */
  stoppedBy?: StopReason;
  algorithm: string;
  nodes: number;
  ms: number;
}

export interface PuzzleAnswers {
  id: string;
  /** The code and goal solved (the site checks that they are still the file's). */
  code: string;
  goal: string;
  answers: Record<Metric, MetricAnswer>;
}

export interface ClassicAnswers {
  format: typeof ANSWERS_FORMAT;
  /** Of the puzzles' codes and goals, the budget and the solver's sources: a change to any of them computes again. */
  fingerprint: string;
  budgetMs: number;
  computed: string;
  node: string;
  /** Wall-clock time of all the solves. */
  totalMs: number;
  puzzles: PuzzleAnswers[];
}

/** One puzzle in every metric, each solve stopped after `budgetMs`. */
export function answerPuzzle(puzzle: Pick<ClassicPuzzle, 'id' | 'code' | 'goal'>, budgetMs: number): PuzzleAnswers {
  const layout = parseLayoutOrThrow(puzzle.code);
  const answers = {} as Record<Metric, MetricAnswer>;
  for (const metric of METRICS) {
    const started = performance.now();
    const result = solve(layout, { metric, goal: { drawing: puzzle.goal }, maxMs: budgetMs, memoryBytes: CLI_MEMORY_BYTES });
    const ms = Math.round((performance.now() - started) * 10) / 10;
    answers[metric] = {
      status: result.status,
      length: result.status === 'solved' ? result.length : null,
      optimal: result.optimal,
      ...(result.status === 'budget-exceeded' && result.lowerBound !== undefined ? { lowerBound: result.lowerBound } : {}),
      ...(result.status === 'budget-exceeded' && result.stoppedBy !== undefined ? { stoppedBy: result.stoppedBy } : {}),
      algorithm: result.stats.algorithm,
      nodes: result.stats.nodes,
      ms,
    };
  }
  return { id: puzzle.id, code: puzzle.code, goal: puzzle.goal, answers };
}

/** Every file under `dir`, in a stable order. */
function filesUnder(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(new URL(`${entry.name}/`, dir)) : [new URL(entry.name, dir)]));
}

/**
 * What the answers depend on: each puzzle's id, code and goal, the budget, and every file of the solver (its sources
 * and the WebAssembly engine), so that a faster engine is picked up by the next build.
 */
export function answersFingerprint(puzzles: Array<Pick<ClassicPuzzle, 'id' | 'code' | 'goal'>>, budgetMs: number, solverDir = new URL('../solver/', import.meta.url)): string {
  const hash = createHash('sha256');
  hash.update(`format ${ANSWERS_FORMAT}\nbudget ${budgetMs}\n`);
  for (const p of puzzles) hash.update(`${p.id}\t${p.code}\t${p.goal}\n`);
  for (const file of filesUnder(solverDir)) {
    hash.update(file.pathname.slice(solverDir.pathname.length));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** The answers file's contents, or null when it is absent or unreadable. */
export function readAnswers(file: URL = ANSWERS_FILE): ClassicAnswers | null {
  try {
    const answers = JSON.parse(readFileSync(file, 'utf8')) as ClassicAnswers;
    return answers.format === ANSWERS_FORMAT ? answers : null;
  } catch {
    return null;
  }
}
