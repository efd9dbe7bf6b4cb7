/**
 * Build-time data for /puzzles/: the classic sliding-block puzzles beyond 华容道 (data/puzzles/classics.tsv), each with
 * thumbnails of its start and its goal, links to its solution page, and the answers the product computed for it
 * (scripts/build-classics.ts, run by `npm run build` before the site). No number here comes from the puzzles' file.
 */
import raw from '../../data/puzzles/classics.tsv?raw';
import { METRICS, boardSvg, parseLayoutOrThrow, resolveGoal, type Layout, type Metric } from '../../solver/index.ts';
import { parseClassics, type ClassicPuzzle } from '../../gallery/classics.ts';
import { readAnswers, type ClassicAnswers, type MetricAnswer } from '../../gallery/answers.ts';
import { BUILD_CLASSICS_ANSWERS } from './build-paths.ts';

export interface ClassicEntry extends ClassicPuzzle {
  width: number;
  height: number;
  startSvg: string;
  goalSvg: string;
  answers: Record<Metric, MetricAnswer>;
  /** The solution page of the puzzle toward its goal drawing, in a metric. */
  href: (metric: Metric) => string;
}

/** `/s/<code>?goal=<drawing>` (and `&metric=` but for moves), every parameter URL-encoded. */
export function classicHref(code: string, goal: string, metric: Metric): string {
  const query = new URLSearchParams({ goal });
  if (metric !== 'move') query.set('metric', metric);
  return `/s/${encodeURIComponent(code)}?${query}`;
}

/** The board with only the goal's pieces, each where the drawing puts it. */
function goalLayout(layout: Layout, drawing: string): Layout {
  const goal = resolveGoal(layout, { drawing });
  const pieces = goal.targets!.map((t) => ({ ...layout.pieces[t.pieceIndex]!, row: t.row, col: t.col }));
  return { ...layout, pieces };
}

/** Pixels per cell for a thumbnail: a board's longer side fits about 100 px, and no cell is larger than 16. */
const thumbCell = (layout: Layout) => Math.min(16, Math.floor(100 / Math.max(layout.width, layout.height)));

let cache: { entries: ClassicEntry[]; answers: ClassicAnswers } | undefined;

export function classicsGallery(): { entries: ClassicEntry[]; answers: ClassicAnswers } {
  if (cache) return cache;
  const answers = readAnswers(BUILD_CLASSICS_ANSWERS);
  if (!answers) throw new Error(`${BUILD_CLASSICS_ANSWERS.pathname} is missing: run node scripts/build-classics.ts (npm run build does)`);
  const entries = parseClassics(raw).map((puzzle) => {
    const solved = answers.puzzles.find((p) => p.id === puzzle.id);
    // Answers for another code or goal are another puzzle's: the build must compute them again.
    if (!solved || solved.code !== puzzle.code || solved.goal !== puzzle.goal) {
      throw new Error(`the answers for ${puzzle.id} are not for this puzzle: run node scripts/build-classics.ts`);
    }
    const layout = parseLayoutOrThrow(puzzle.code);
    const letters = (l: Layout) => ({ cell: thumbCell(l), exit: false, names: l.pieces.map((p) => p.letter) });
    const goal = goalLayout(layout, puzzle.goal);
    return {
      ...puzzle,
      width: layout.width,
      height: layout.height,
      startSvg: boardSvg(layout, { ...letters(layout), title: `${puzzle.name}: start` }),
      goalSvg: boardSvg(goal, { ...letters(goal), title: `${puzzle.name}: goal` }),
      answers: solved.answers,
      href: (metric: Metric) => classicHref(puzzle.code, puzzle.goal, metric),
    };
  });
  cache = { entries, answers };
  return cache;
}

export { METRICS };
