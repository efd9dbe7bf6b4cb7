/**
 * Playing on the solution page's board: click or tap a piece, then one of its marked targets (each with the distance
 * it leads to, where known); drag or swipe it; or from the keyboard — the board is one Tab stop, the arrows go from
 * piece to piece, Shift+arrow slides the focused piece one cell that way (or, in the move metric, to the nearest
 * target that starts that way), Enter or Space marks its targets, which the arrows go between and Enter plays, and
 * Escape drops the choice. What a chosen move does is the page's (`play`).
 */
import { pieceAt, pieceCovering, sameMove, type Layout, type Move, type MoveEvaluation } from '../../solver/index.ts';
import { t } from '../shared/i18n.ts';
import type { Player } from './player.ts';
import { moveFocus } from '../shared/roving-focus.ts';

export interface PlayInputContext {
  player: Player;
  /** 数字华容道: a tile next to the blank slides at once (it has one place to go). */
  tiles: boolean;
  movesOn(layout: Layout): Move[];
  /** The position on the board's evaluation (classic layouts, from the tablebase), for the targets' worth. */
  evaluation(): MoveEvaluation | null;
  /** "12 moves to go", in the page's metric and language. */
  toGo(distance: number): string;
  /** Says something in the page's live status line. */
  say(text: () => string): void;
  /** Plays a move chosen on the board; `words`: the move as a screen reader should hear it. */
  play(move: Move, words: string): void;
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export class PlayInput {
  private readonly ctx: PlayInputContext;
  /** The picked piece's top-left cell, while its targets are marked. */
  private selected: [number, number] | null = null;
  /** After a drag, the click that follows is not a choice. */
  private dragged = false;
  private drag: { from: [number, number]; start: [number, number]; x: number; y: number } | null = null;

  constructor(ctx: PlayInputContext) {
    this.ctx = ctx;
    const root = ctx.player.board.root;
    root.addEventListener('click', (e) => this.onClick(e));
    root.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    root.addEventListener('pointerup', (e) => this.onPointerUp(e));
    root.addEventListener('pointercancel', () => (this.drag = null));
    root.addEventListener('keydown', (e) => this.onKey(e));
  }

  clearSelection(): void {
    const board = this.ctx.player.board;
    this.selected = null;
    board.clearHighlight('target');
    board.clearHighlight('selected');
    board.clearHighlight('hint');
  }

  /** Shows where the piece with its top-left at `from` can go, each target marked with its worth where known. */
  private selectPiece(from: readonly [number, number]): Move[] {
    const { player } = this.ctx;
    const layout = player.shown;
    player.pause();
    this.clearSelection();
    this.selected = [from[0], from[1]];
    const targets = this.ctx.movesOn(layout).filter((m) => m.from[0] === from[0] && m.from[1] === from[1]);
    const evaluation = this.ctx.evaluation();
    const here = evaluation?.distance ?? null;
    const worthOf = (m: Move) => evaluation?.moves.find((e) => sameMove(e, m));
    player.board.highlight(targets.map((m) => m.to), 'target', (mark, i) => {
      const target = targets[i]!;
      mark.setAttribute('role', 'button');
      // The targets are one Tab stop too: the arrows go between them.
      mark.tabIndex = i === 0 ? 0 : -1;
      const worth = worthOf(target);
      if (!worth || worth.distance === null || here === null) {
        mark.setAttribute('aria-label', player.describe(target));
        return;
      }
      const kind = worth.distance < here ? 'closer' : worth.distance === here ? 'same' : 'farther';
      mark.dataset.distance = String(worth.distance);
      mark.dataset.worth = kind;
      mark.textContent = String(worth.distance);
      mark.setAttribute('aria-label', `${player.describe(target)}: ${this.ctx.toGo(worth.distance)}, ${t(kind)}`);
    });
    const piece = pieceAt(layout, from[0], from[1]);
    if (piece) player.board.highlightPiece(piece, from, 'selected');
    return targets;
  }

  /** Plays a move chosen on the board (click, tap, drag or keyboard), saying it for screen readers. */
  private playChosen(move: Move, refocus: boolean): void {
    const { player } = this.ctx;
    const words = player.describe(move);
    this.clearSelection();
    // The focus rides on the piece as it slides (a target's mark, focused from the keyboard, is gone now).
    if (refocus) player.board.focusPiece(move.from[0], move.from[1]);
    this.ctx.play(move, words);
    if (refocus) player.board.focusPiece(move.to[0], move.to[1]);
  }

  /** Plays the move to a marked target of the piece picked (`refocus`: the focus goes on with the piece moved). */
  private playTarget(mark: HTMLElement, refocus: boolean): void {
    const selected = this.selected;
    const to: [number, number] = [Number(mark.dataset.row), Number(mark.dataset.col)];
    const move = selected && this.ctx.movesOn(this.ctx.player.shown).find((m) => sameMove(m, { from: selected, to }));
    if (move) this.playChosen(move, refocus);
    else this.clearSelection();
  }

  private blocked(): boolean {
    return !!this.ctx.player.root.closest('[data-unsolvable]');
  }

  private onClick(e: MouseEvent): void {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    if (this.blocked()) return;
    const { player } = this.ctx;
    const layout = player.shown;
    // A target is a button (also pressed from the keyboard, with no pointer position): it says where it leads.
    const mark = (e.target as HTMLElement).closest<HTMLElement>('.cell-mark.target');
    if (mark && this.selected) return this.playTarget(mark, false);
    const cell = player.board.cellAt(e);
    const piece = cell && pieceCovering(layout, cell[0], cell[1]);
    if (!piece) return;
    const targets = this.selectPiece([piece.row, piece.col]);
    if (this.ctx.tiles && targets.length === 1) this.playChosen(targets[0]!, false);
  }

  // Drag or swipe a piece (mouse, pen or touch) to where it should go: the target whose top-left moved as the pointer
  // did, or else the nearest one in the direction of the drag.
  private onPointerDown(e: PointerEvent): void {
    const { player } = this.ctx;
    const cell = player.board.cellAt(e);
    const piece = cell && !this.blocked() ? pieceCovering(player.shown, cell[0], cell[1]) : undefined;
    if (!cell || !piece || (e.target as HTMLElement).closest('.cell-mark.target')) return;
    this.drag = { from: [piece.row, piece.col], start: cell, x: e.clientX, y: e.clientY };
  }

  private onPointerUp(e: PointerEvent): void {
    const { player } = this.ctx;
    const started = this.drag;
    this.drag = null;
    if (!started) return;
    const rect = player.board.root.getBoundingClientRect();
    const cellSize = rect.width / player.shown.width;
    const dx = e.clientX - started.x;
    const dy = e.clientY - started.y;
    if (Math.hypot(dx, dy) < cellSize / 3) return; // a click, handled by onClick
    this.dragged = true;
    const targets = this.ctx.movesOn(player.shown).filter((m) => m.from[0] === started.from[0] && m.from[1] === started.from[1]);
    const shift = [Math.round(dy / cellSize), Math.round(dx / cellSize)];
    const exact = targets.find((m) => m.to[0] - m.from[0] === shift[0] && m.to[1] - m.from[1] === shift[1]);
    const along = targets
      .filter((m) => (m.to[0] - m.from[0]) * dy + (m.to[1] - m.from[1]) * dx > 0)
      .sort((a, b) => Math.hypot(a.to[0] - a.from[0] - dy / cellSize, a.to[1] - a.from[1] - dx / cellSize) - Math.hypot(b.to[0] - b.from[0] - dy / cellSize, b.to[1] - b.from[1] - dx / cellSize));
    const move = exact ?? along[0];
    if (move) this.playChosen(move, false);
    setTimeout(() => (this.dragged = false), 0);
  }

  private onKey(e: KeyboardEvent): void {
    const { player } = this.ctx;
    const el = e.target as HTMLElement;
    const arrow = ARROWS[e.key];
    if (el.classList.contains('cell-mark') && el.classList.contains('target')) {
      if (e.key === 'Enter' || e.key === ' ') {
        // From the keyboard the focus must not fall to <body> when the target's mark goes: it moves on with the piece.
        e.preventDefault();
        if (!this.blocked() && this.selected) this.playTarget(el, true);
      } else if (e.key === 'Escape' && this.selected) {
        const back = this.selected;
        this.clearSelection();
        player.board.focusPiece(back[0], back[1]);
      } else if (arrow) {
        e.preventDefault();
        moveFocus(el, [...player.board.root.querySelectorAll<HTMLElement>('.cell-mark.target')], arrow);
      }
      return;
    }
    if (!el.classList.contains('piece')) return;
    const from: [number, number] = [Number(el.dataset.row), Number(el.dataset.col)];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const targets = this.selectPiece(from);
      player.board.root.querySelector<HTMLElement>('.cell-mark.target')?.focus();
      if (targets.length === 0) this.ctx.say(() => t('cannotMove'));
      return;
    }
    if (e.key === 'Escape') return this.clearSelection();
    if (!arrow) return;
    e.preventDefault();
    if (!e.shiftKey) {
      moveFocus(el, player.board.pieceElements(), arrow);
      return;
    }
    const move = this.ctx
      .movesOn(player.shown)
      .filter((m) => m.from[0] === from[0] && m.from[1] === from[1] && m.path[1]![0] - from[0] === arrow[0] && m.path[1]![1] - from[1] === arrow[1])
      .sort((a, b) => a.path.length - b.path.length)[0];
    if (move) this.playChosen(move, true);
    else this.ctx.say(() => t('cannotMoveThatWay'));
  }
}
