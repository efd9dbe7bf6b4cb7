/**
 * Build-time data for the Rush Hour (挪车华容道) part of /puzzles/ (data/puzzles/rush.tsv): each board's thumbnail (the
 * exit in the right wall, the car red, as the solution page draws it), the product's own minimum under the `line`
 * rule in moves (one car, any distance: `move` and `straight` count the same) and in steps (one cell), the size of its
 * cluster (every position reachable, by the product's breadth-first search: `analyze`), and links to its solution
 * page. Everything is computed here, when the site is built (each search takes milliseconds to a second or two); no
 * number comes from the file.
 */
import raw from '../../data/puzzles/rush.tsv?raw';
import { analyze, boardSvg, formatLayout, parseRushOrThrow, proofWords, solve, type Layout, type SolveResult } from '../../solver/index.ts';
import { parseRushGallery, RUSH_GROUPS, type RushGalleryPuzzle, type RushGroup } from '../../gallery/rush.ts';
import { rushExitRow } from '../shared/slide.ts';

/** The two counts shown: moves (under `line` the same as straight moves) and steps. */
export const RUSH_METRICS = ['move', 'step'] as const;
export type RushMetric = (typeof RUSH_METRICS)[number];

export interface RushAnswer {
  status: SolveResult['status'];
  length: number | null;
  /** With unsolvable: how it was proven, in each language (solver/shared/outcome.ts' words). */
  proof?: { en: string; zh: string };
}

export interface RushEntry extends RushGalleryPuzzle {
  /** The project's own code of the board (what /s/ pages show; a `rush:` address redirects to it). */
  layoutCode: string;
  startSvg: string;
  answers: Record<RushMetric, RushAnswer>;
  /** How many positions are reachable from the start (the start's cluster). */
  cluster: number;
}

/** `/s/<the project's code>?slide=line` (and `&metric=step` for steps), as the worker's redirect of a `rush:` address forms it. */
export function rushHref(layoutCode: string, metric: RushMetric = 'move'): string {
  const query = new URLSearchParams({ slide: 'line' });
  if (metric !== 'move') query.set('metric', metric);
  return `/s/${encodeURIComponent(layoutCode)}?${query}`;
}

/** A thumbnail of the start: about 96 px, the exit drawn at the right of the red car's row. */
export function rushThumbnail(layout: Layout, title: string): string {
  return boardSvg(layout, { cell: 16, labels: false, rushExit: rushExitRow(layout, 'line'), title });
}

export function rushEntry(puzzle: RushGalleryPuzzle): RushEntry {
  if (!puzzle.code) throw new Error(`rush.tsv: ${puzzle.id} has no code: run node scripts/build-rush.ts`);
  const layout = parseRushOrThrow(puzzle.code);
  const answers = Object.fromEntries(
    RUSH_METRICS.map((metric) => {
      const r = solve(layout, { slide: 'line', metric });
      if (r.status === 'budget-exceeded') throw new Error(`${puzzle.id}: the ${metric} search did not finish`);
      const proof = r.status === 'unsolvable' ? { en: proofWords(r, 'en'), zh: proofWords(r, 'zh') } : undefined;
      return [metric, { status: r.status, length: r.length, ...(proof ? { proof } : {}) }];
    }),
  ) as Record<RushMetric, RushAnswer>;
  const space = analyze(layout, { slide: 'line', metric: 'move' });
  if (!space.complete) throw new Error(`${puzzle.id}: the search of its cluster did not finish`);
  return { ...puzzle, layoutCode: formatLayout(layout), startSvg: rushThumbnail(layout, `${puzzle.name}: start`), answers, cluster: space.total };
}

let cache: Array<{ group: RushGroup; entries: RushEntry[] }> | undefined;

/** The puzzles by group, in the file's order. */
export function rushGallery(): Array<{ group: RushGroup; entries: RushEntry[] }> {
  if (cache) return cache;
  const entries = parseRushGallery(raw).map(rushEntry);
  cache = RUSH_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) }));
  return cache;
}
