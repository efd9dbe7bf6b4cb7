/**
 * Setting a Klotski goal on a board, by pointer or keyboard: pick the piece that must reach a place, then the cell its
 * top-left (its anchor: a shaped piece's first cell in its top row) must reach; the piece's ghost shows the place
 * under the pointer or the focus. While it runs it takes the board's clicks and keys for itself (capture phase), so
 * the page's play or editing handlers never see them. Each choice is a mark (a button; the marks are one Tab stop and
 * the arrows go between them): a piece's mark has its shape, a place's is its anchor cell, on board cells only.
 * Escape goes back a step, then stops.
 */
import { coveredCells, pieceCovering, type Layout, type Piece } from '../../solver/index.ts';
import { shapeBox, shapeSvg } from './shapes.ts';
import type { BoardView } from './view.ts';
import { t } from '../shared/i18n.ts';
import { moveFocus, setRovingStop } from '../shared/roving-focus.ts';
import type { Cell } from '../shared/page-goal.ts';

export interface GoalPickerOptions {
  /** Says what to do next (a live status line); the text is rewritten on a language switch by the caller. */
  say: (text: () => string) => void;
  /** The chosen goal: the piece by its top-left cell, and the target top-left cell. */
  done: (goal: { piece: Cell; at: Cell }) => void;
  /** Stopped with Escape before a goal was chosen. */
  cancelled?: () => void;
  /** Whether `piece` may have its anchor at `at`, beyond lying on the board's cells (every such place when absent). */
  allows?: (piece: Piece, at: Cell) => boolean;
}

/** The anchor cells where `piece` lies on the board's own cells (none off the board, none cut out of it). */
export function placesOnBoard(layout: Layout, piece: Piece): Cell[] {
  const holes = new Set(layout.holes ?? []);
  const places: Cell[] = [];
  for (let row = 0; row < layout.height; row++) {
    for (let col = 0; col < layout.width; col++) {
      const fits = coveredCells({ ...piece, row, col }).every(([r, c]) => r >= 0 && c >= 0 && r < layout.height && c < layout.width && !holes.has(r * layout.width + c));
      if (fits) places.push([row, col]);
    }
  }
  return places;
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
    // The place under the pointer or the focus shows as the piece's ghost.
    const preview = (e: Event) => this.active && this.preview((e.target as HTMLElement).closest<HTMLElement>('.cell-mark.goal-choice'));
    root.addEventListener('pointerover', preview);
    root.addEventListener('focusin', preview);
    root.addEventListener('pointerleave', () => this.preview(null));
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
    this.board.clearHighlight('selected');
    this.board.previewGoal(null);
  }

  private preview(mark: HTMLElement | null): void {
    const place = this.piece && mark ? { ...this.piece, row: Number(mark.dataset.row), col: Number(mark.dataset.col) } : null;
    this.board.previewGoal(place);
  }

  private markPieces(): void {
    const pieces = this.layout!.pieces;
    this.options.say(() => t('goalPickPiece'));
    this.board.previewGoal(null);
    this.mark(pieces.map((p) => [p.row, p.col] as Cell), (mark, i) => {
      const p = pieces[i]!;
      const { width, height } = this.layout!;
      // Over the piece's bounding rectangle; a piece of another shape is marked by its outline (only that takes the
      // pointer), drawn on its cells' edges, in the gap around the piece, as a rectangle's mark is.
      mark.style.left = `${((p.col + shapeBox(p).left) / width) * 100}%`;
      mark.style.width = `${(p.width / width) * 100}%`;
      mark.style.height = `${(p.height / height) * 100}%`;
      if (p.cells) {
        mark.classList.add('shaped');
        mark.append(shapeSvg(p, 'piece-shape', 0));
      }
      mark.setAttribute('aria-label', `${t('goalPiece')} ${this.board.pieceName(i)} (${p.row + 1}, ${p.col + 1})`);
    });
  }

  private markTargets(piece: Piece): void {
    const cells = placesOnBoard(this.layout!, piece).filter((at) => this.options.allows?.(piece, at) ?? true);
    this.options.say(() => t(piece.cells ? 'goalPickTargetShape' : 'goalPickTarget'));
    this.mark(cells, (mark, i) => mark.setAttribute('aria-label', `${t('goalTarget')} (${cells[i]![0] + 1}, ${cells[i]![1] + 1})`));
    this.board.highlight(coveredCells(piece), 'selected');
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
    const { row, col } = this.piece;
    const piece = this.piece;
    const allowed = (at: Cell) => this.options.allows?.(piece, at) ?? true;
    if (!placesOnBoard(this.layout!, piece).some((at) => at[0] === cell[0] && at[1] === cell[1] && allowed(at))) return;
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
