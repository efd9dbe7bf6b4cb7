/**
 * Setting a Klotski goal on a board, by pointer or keyboard: pick the piece that must reach a place, then the cell its
 * top-left must reach. While it runs it takes the board's clicks and keys for itself (capture phase), so the page's
 * play or editing handlers never see them. Each choice is a marked cell (a button; the marks are one Tab stop and
 * the arrows go between them); Escape goes back a step, then stops.
 */
import { pieceCovering, type Layout, type Piece } from '../../solver/index.ts';
import type { BoardView } from './board-view.ts';
import { t } from './i18n.ts';
import { moveFocus, setRovingStop } from './roving-focus.ts';
import type { Cell } from './page-goal.ts';

export interface GoalPickerOptions {
  /** Says what to do next (a live status line); the text is rewritten on a language switch by the caller. */
  say: (text: () => string) => void;
  /** The chosen goal: the piece by its top-left cell, and the target top-left cell. */
  done: (goal: { piece: Cell; at: Cell }) => void;
  /** Stopped with Escape before a goal was chosen. */
  cancelled?: () => void;
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export class GoalPicker {
  private layout: Layout | null = null;
  private piece: Piece | null = null;
  private readonly board: BoardView;
  private readonly options: GoalPickerOptions;

  constructor(board: BoardView, options: GoalPickerOptions) {
    this.board = board;
    this.options = options;
    const root = board.root;
    const swallow = (e: Event) => {
      if (!this.active) return;
      e.stopImmediatePropagation();
    };
    root.addEventListener('pointerdown', swallow, true);
    root.addEventListener('pointerup', swallow, true);
    root.addEventListener('click', (e) => this.active && this.onClick(e), true);
    root.addEventListener('keydown', (e) => this.active && this.onKey(e), true);
  }

  get active(): boolean {
    return this.layout !== null;
  }

  /** Starts picking on `layout` (the board shows it). */
  start(layout: Layout): void {
    this.layout = layout;
    this.piece = null;
    this.board.root.classList.add('picking-goal');
    this.markPieces();
  }

  stop(): void {
    this.layout = null;
    this.piece = null;
    this.board.root.classList.remove('picking-goal');
    this.board.clearHighlight('goal-choice');
  }

  private markPieces(): void {
    const pieces = this.layout!.pieces;
    this.options.say(() => t('goalPickPiece'));
    this.mark(pieces.map((p) => [p.row, p.col] as Cell), (mark, i) => {
      const p = pieces[i]!;
      mark.style.width = `${(p.width / this.layout!.width) * 100}%`;
      mark.style.height = `${(p.height / this.layout!.height) * 100}%`;
      mark.setAttribute('aria-label', `${t('goalPiece')} ${p.letter} (${p.row + 1}, ${p.col + 1})`);
    });
  }

  private markTargets(piece: Piece): void {
    const { width, height } = this.layout!;
    const cells: Cell[] = [];
    for (let r = 0; r + piece.height <= height; r++) for (let c = 0; c + piece.width <= width; c++) cells.push([r, c]);
    this.options.say(() => t('goalPickTarget'));
    this.mark(cells, (mark, i) => mark.setAttribute('aria-label', `${t('goalTarget')} (${cells[i]![0] + 1}, ${cells[i]![1] + 1})`));
    this.board.highlight([[piece.row, piece.col]], 'selected');
  }

  private mark(cells: Cell[], annotate: (mark: HTMLElement, i: number) => void): void {
    this.board.clearHighlight('selected');
    this.board.highlight(cells, 'goal-choice', (mark, i) => {
      mark.setAttribute('role', 'button');
      annotate(mark, i);
    });
    const marks = this.marks();
    setRovingStop(marks, marks[0]);
    marks[0]?.focus();
  }

  private marks(): HTMLElement[] {
    return [...this.board.root.querySelectorAll<HTMLElement>('.cell-mark.goal-choice')];
  }

  private choose(cell: Cell): void {
    if (!this.piece) {
      const piece = pieceCovering(this.layout!, cell[0], cell[1]);
      if (!piece) return;
      this.piece = piece;
      this.markTargets(piece);
      return;
    }
    const { row, col, width, height } = this.piece;
    if (cell[0] + height > this.layout!.height || cell[1] + width > this.layout!.width) return;
    const goal = { piece: [row, col] as Cell, at: cell };
    this.stop();
    this.options.done(goal);
  }

  private onClick(e: MouseEvent): void {
    e.stopImmediatePropagation();
    e.preventDefault();
    const mark = (e.target as HTMLElement).closest<HTMLElement>('.cell-mark.goal-choice');
    const cell = mark ? ([Number(mark.dataset.row), Number(mark.dataset.col)] as Cell) : this.board.cellAt(e);
    if (cell) this.choose(cell);
  }

  private onKey(e: KeyboardEvent): void {
    const mark = (e.target as HTMLElement).closest<HTMLElement>('.cell-mark.goal-choice');
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopImmediatePropagation();
      if (this.piece) {
        this.piece = null;
        this.markPieces();
      } else {
        this.stop();
        this.options.cancelled?.();
      }
      return;
    }
    if (!mark) return;
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      e.stopImmediatePropagation();
      moveFocus(mark, this.marks(), arrow);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopImmediatePropagation();
      this.choose([Number(mark.dataset.row), Number(mark.dataset.col)]);
    }
  }
}
