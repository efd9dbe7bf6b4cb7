/**
 * Tiles puzzles: each tile next to the blank is marked with the distance to go once it has slid (closer or farther),
 * as Klotski targets are marked with theirs. The line's own next move is known; every other is searched in the
 * browser — an 8-puzzle at once in the page's worker; a 15-puzzle (or any board up to 16 cells, which the pattern
 * databases cover) in a worker of its own, one tile after another, each mark shown as soon as it is known, so the
 * page's own searches never wait behind them. Once the board shows another position, the search in flight runs out
 * (stopping it would end the worker and its loaded databases with it) and no other is started for the old one.
 * Larger boards are solved in a fast mode that proves no distance: only the line's next move is marked there.
 */
import { movePiece, sameMove, tileMoves, type Layout, type Metric, type Move } from '../../solver/index.ts';
import type { Player } from '../player/player.ts';
import { markingWorker, solveInBrowser } from '../solve/client.ts';

/** Boards this size or smaller are searched in the page's own worker (a few milliseconds each). */
const INSTANT_CELLS = 9;
/** Boards up to this size have pattern databases: a neighbour's search is optimal, so its distance is exact. */
const DATABASE_CELLS = 16;

export interface TileMarkContext {
  player: Player;
  metric(): Metric;
  /** The line's next move from the position on the board, when the line is optimal there. */
  lineNext(): Move | undefined;
  codeOf(layout: Layout): string;
  /** "12 moves to go", or the solved wording for 0. */
  toGoText(distance: number): string;
}

export class TileMarks {
  private readonly ctx: TileMarkContext;
  /** The position the marks on the board are for (or being searched for), and its distance then. */
  private markedFor: Layout | null = null;
  private markedHere: number | null | undefined;

  constructor(ctx: TileMarkContext) {
    this.ctx = ctx;
  }

  /** Whether the marks on the board (shown or being searched) are those of `layout` at distance `here`. */
  isFor(layout: Layout, here: number | null | undefined): boolean {
    return this.markedFor === layout && this.markedHere === here;
  }

  /** Marks the tiles that can slide in `layout`, the position on the board, `here` moves from the goal. */
  async mark(layout: Layout, here: number | null | undefined): Promise<void> {
    const { player } = this.ctx;
    this.markedFor = layout;
    this.markedHere = here;
    player.board.clearHighlight('worth');
    if (typeof here !== 'number' || here === 0 || this.ctx.metric() === 'straight') return;
    const cells = layout.width * layout.height;
    const next = this.ctx.lineNext();
    const worths: Array<{ move: Move; distance: number }> = [];
    const show = () =>
      player.board.highlight(worths.map((w) => w.move.from), 'worth', (mark, k) => {
        const { move, distance } = worths[k]!;
        mark.dataset.distance = String(distance);
        mark.dataset.worth = distance < here ? 'closer' : 'farther';
        mark.title = `${player.describe(move)}: ${this.ctx.toGoText(distance)}`;
      });
    const moves = tileMoves(layout);
    // The known one first, so it shows while the others are searched.
    moves.sort((a, b) => Number(!!next && sameMove(b, next)) - Number(!!next && sameMove(a, next)));
    for (const move of moves) {
      if (next && sameMove(next, move)) worths.push({ move, distance: here - 1 });
      else if (cells <= DATABASE_CELLS) {
        const after = this.ctx.codeOf(movePiece(layout, move.from, move.to));
        const search = solveInBrowser(after, this.ctx.metric(), null, () => undefined, cells <= INSTANT_CELLS ? undefined : markingWorker);
        const solved = await search.result.catch(() => null);
        if (player.shown !== layout || this.markedFor !== layout) return; // moved on meanwhile
        if (solved?.length != null) worths.push({ move, distance: solved.length });
      }
      if (player.shown !== layout || this.markedFor !== layout) return;
      show();
    }
  }

}
