/**
 * The solution page's Hint button: the best move from the position on the board, marked on it and said with the
 * distance it leaves — from the tablebase on classic layouts, else the line's own next move where the line is
 * optimal, else searched from here.
 */
import { pieceAt, sameMove, type GoalInput, type Layout, type Metric, type Move, type MoveEvaluation, type SolveResult, type TilesResult } from '../../solver/index.ts';
import { currentLang, t } from '../shared/i18n.ts';
import { answerNote } from './outcome-text.ts';
import type { PageLine } from './line.ts';
import type { Player } from '../player/player.ts';
import { toGo } from './words.ts';

export interface HintContext {
  player: Player;
  line: PageLine;
  tiles: boolean;
  metric(): Metric;
  /** The tablebase's evaluation of the position on the board (classic layouts), or null. */
  evaluation(): MoveEvaluation | null;
  movesOn(layout: Layout): Move[];
  /** The layout's code: a position is the same position when the player reloads its line (new objects, same code). */
  codeOf(layout: Layout): string;
  solveLayout(layout: Layout, inBrowser: boolean, goalSpec: GoalInput | null): Promise<SolveResult | TilesResult | null>;
  /** What the page says at the goal ("Solved", "The tiles are in order", …). */
  solvedWords(): string;
  clearSelection(): void;
  setStatus(text: string | (() => string), busy?: boolean): void;
}

export function setupHint(ctx: HintContext): void {
  const { player } = ctx;

  /** Shows a move as the hint for the position on the board, with the distance it leaves. */
  function showHint(move: Move, left: number | undefined): void {
    ctx.clearSelection();
    // The whole piece, where it is and where the hint takes it.
    const piece = pieceAt(player.shown, move.from[0], move.from[1]);
    if (piece) {
      player.board.highlightPiece(piece, move.from, 'selected');
      player.board.highlightPiece(piece, move.to, 'hint');
    }
    ctx.setStatus(() => `${t('hint')}: ${player.describe(move)}${left === undefined ? '' : ` · ${left === 0 ? ctx.solvedWords() : toGo(left, ctx.metric())}`}`);
  }

  document.getElementById('hint')!.addEventListener('click', async () => {
    const layout = player.shown;
    const i = player.position;
    // Classic layouts: from the tablebase, for whatever position is on the board, instantly and offline.
    const evaluation = ctx.evaluation();
    const here = evaluation?.distance;
    const best = here ? evaluation!.moves.find((m) => m.distance === here - 1) : undefined;
    if (best) {
      const move = ctx.movesOn(layout).find((m) => sameMove(m, best));
      if (move) return showHint(move, best.distance!);
    }
    // Where the line on the board is optimal: its next move, with no search.
    const left = ctx.line.lineDistance(i);
    const next = player.nextMove;
    if (next && left !== undefined) return showHint(next, left - 1);
    // Anywhere else (your moves, the best line not found yet): solve from here (tiles in the page's worker).
    const solved = await ctx.solveLayout(layout, ctx.tiles, ctx.line.goalSpecAt(i));
    // Still the position asked about? Compared by code: the best line on from your own moves, arriving meanwhile,
    // reloads the player with new objects for the same positions (by identity, the hint was dropped unsaid).
    if (!solved || player.position !== i || ctx.codeOf(player.shown) !== ctx.codeOf(layout)) return;
    // A search that stopped has no move to give: the status says what it proved instead (so does a proof of none).
    if (solved.status !== 'solved') return ctx.setStatus(() => answerNote(solved, currentLang()) ?? '');
    const first = ctx.line.asPlayed(solved.moves)[0];
    if (!first) return ctx.setStatus(() => ctx.solvedWords());
    // The distance it leaves is known only when the line is proven optimal.
    showHint(first, solved.optimal ? solved.length! - 1 : undefined);
  });
}
