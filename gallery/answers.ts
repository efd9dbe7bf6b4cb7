/**
 * The gallery's answers for the classic puzzles (data/puzzles/classics.tsv): each puzzle solved toward its goal drawing
 * by the product's own `solve()`, in each metric, within a time budget per solve. What a search did not finish within
 * it is recorded as such (with the lower bound it proved), never as a number: the page then offers to open the
 * puzzle, whose own page searches longer.
 *
 * The answers are data the product made, kept in git (data/puzzles/classics-answers.json) with the solution lines, the
 * command that computes them and the fingerprint of the solver that did: a build replays and checks every line
 * (`checkAnswers`: legal in its metric, reaching the goal, as long as recorded) and computes only puzzles that are new
 * or changed, instead of a minute of solving on every fresh clone; `npm run build:classics` computes them all again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CLI_MEMORY_BYTES } from '../solver/node/cli-memory.ts';
import { createHash } from 'node:crypto';
import { METRICS, checkSolution, decodeMoves, encodeMoves, parseLayoutOrThrow, solve, type Metric, type StopReason } from '../solver/index.ts';
import type { ClassicPuzzle } from './classics.ts';

/** Bumped when the file's shape changes. */
export const ANSWERS_FORMAT = 1;
/**
 * Each solve's time budget unless told otherwise: enough for the slowest puzzles (GNOME's Pelopones in the step metric,
 * about 45 s by the two-bit search on two cores); only `npm run build:classics` and new puzzles spend it, never a build
 * that finds the answers stored.
 */
export const DEFAULT_BUDGET_MS = 60_000;
export const ANSWERS_FILE = new URL('../data/puzzles/classics-answers.json', import.meta.url);
/** What computes every answer again (and shows what changed against the stored ones). */
export const ANSWERS_COMMAND = 'npm run build:classics';

export interface MetricAnswer {
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  /** The minimum, when solved (always optimal: solve() answers only proven minima unless told otherwise). */
  length: number | null;
  optimal: boolean;
  /** Not solved within the budget: no solution is shorter than this. */
  lowerBound?: number;
  /** Not solved within the budget: what stopped the search (time, memory, …). Absent in files written before it. */
  stoppedBy?: StopReason;
  /** When solved: the solution line (solution-codec.ts `encodeMoves` on the puzzle's board), replayed by every build. */
  moves?: string;
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
  /**
   * Of the puzzles' codes and goals, the budget and the solver's sources when they were computed: which solver made
   * them (a build does not compute them again when it changes; `ANSWERS_COMMAND` does).
   */
  fingerprint: string;
  /** The command that computes them again. */
  command?: string;
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
      ...(result.status === 'solved' ? { moves: encodeMoves(result.moves, layout.width) } : {}),
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

/** What a build finds of the stored answers: puzzles with none (new, or whose code or goal changed) and lines that fail. */
export interface AnswersCheck {
  stale: string[];
  bad: string[];
  /** Solution lines replayed and found right. */
  replayed: number;
}

/**
 * Replays every stored solution line on its puzzle (every move legal in the metric, the goal reached) and checks its
 * length against the recorded minimum; lists the puzzles the file has no answers for.
 */
export function checkAnswers(answers: ClassicAnswers, puzzles: Array<Pick<ClassicPuzzle, 'id' | 'code' | 'goal'>>): AnswersCheck {
  const check: AnswersCheck = { stale: [], bad: [], replayed: 0 };
  for (const puzzle of puzzles) {
    const stored = answers.puzzles.find((p) => p.id === puzzle.id);
    if (!stored || stored.code !== puzzle.code || stored.goal !== puzzle.goal) {
      check.stale.push(puzzle.id);
      continue;
    }
    const layout = parseLayoutOrThrow(puzzle.code);
    for (const metric of METRICS) {
      const a = stored.answers[metric];
      if (!a) {
        check.stale.push(puzzle.id);
        break;
      }
      if (a.status !== 'solved') continue;
      if (a.moves === undefined) {
        check.bad.push(`${puzzle.id} ${metric}: solved in ${a.length} but no solution line is stored`);
        continue;
      }
      let problem: string | null;
      try {
        const moves = decodeMoves(a.moves, layout.width, layout.height);
        problem = moves.length !== a.length ? `the line has ${moves.length} moves, the answer says ${a.length}` : checkSolution(layout, metric, moves, { drawing: puzzle.goal });
      } catch (e) {
        problem = String(e);
      }
      if (problem) check.bad.push(`${puzzle.id} ${metric}: ${problem}`);
      else check.replayed++;
    }
  }
  return check;
}
