/**
 * The editor's board under the pointer and the keyboard. A rectangle tool places its piece on a click and drags
 * pieces; Erase removes the piece clicked (or puts a cut cell back); the shape and hole tools paint: a press starts a
 * stroke that adds cells to the piece (or cuts them out) when it starts on an empty cell, and takes them off (or
 * puts them back) when it starts on one of the piece's (or a cut) cell — one step of Undo per stroke. The keyboard
 * moves a cursor cell (arrows, Home, End), a tool's key chooses it, Enter acts at the cursor, Delete erases there.
 * Each action says what it did in the live validation line, then the layout's state. (The Goal tool's picker takes
 * the board's events before these handlers while it runs.)
 */
import { isFixedLetter, pieceCovering, type Piece } from '../../solver/index.ts';
import type { EditorContext } from './context.ts';
import { eraseAt, holeCell, holeModeAt, movePieceTo, paintCell, paintModeAt, placeRectangle, shapeLetterProblem, type Cell, type Edit, type HoleMode, type PaintMode } from './edits.ts';
import type { Tools } from './tools.ts';
import { TOOL_KEYS } from './tools.ts';
import { t, type Key } from '../shared/i18n.ts';

const ARROWS: Record<string, Cell> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** A stroke of the shape or hole tool: what it does to each cell it passes, and what it has done. */
interface Stroke {
  apply: (cell: Cell) => Edit;
  remembered: boolean;
  last: Cell | null;
  did: Key | null;
  cells: number;
}

export class BoardInput {
  private readonly ctx: EditorContext;
  private readonly tools: Tools;
  private readonly tileClick: (p: number) => void;
  /** The keyboard's cell on the board, drawn once the keyboard is used. */
  private cursor: Cell = [0, 0];
  private keyboardUsed = false;
  private drag: { piece: Piece; dr: number; dc: number; start: Cell } | null = null;
  private stroke: Stroke | null = null;

  constructor(ctx: EditorContext, tools: Tools, tileClick: (p: number) => void) {
    this.ctx = ctx;
    this.tools = tools;
    this.tileClick = tileClick;
    const root = ctx.board.root;
    root.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    root.addEventListener('pointermove', (e) => this.onPointerMove(e));
    root.addEventListener('pointerup', (e) => this.onPointerUp(e));
    root.addEventListener('pointercancel', () => this.endStroke());
    // Keyboard: the board is focusable; a cursor cell moves with the arrows.
    root.tabIndex = 0;
    root.setAttribute('aria-describedby', 'editor-help');
    root.addEventListener('keydown', (e) => this.onKey(e));
    // The cursor shows for the keyboard only: a tap or a click focuses the board too.
    root.addEventListener('focus', () => {
      if (root.matches(':focus-visible')) this.keyboardUsed = true;
      this.drawCursor();
    });
    root.addEventListener('blur', () => ctx.board.clearHighlight('cursor'));
  }

  /** Draws the cursor again on the board drawn anew (within it, when it shrank). */
  drawCursor(): void {
    const { width, height } = this.ctx.board.layout;
    this.cursor = [Math.min(this.cursor[0], height - 1), Math.min(this.cursor[1], width - 1)];
    if (this.keyboardUsed && document.activeElement === this.ctx.board.root) this.ctx.board.highlight([this.cursor], 'cursor');
    else this.ctx.board.clearHighlight('cursor');
  }

  /** Shows an edit's layout (remembering the state before it unless `remembered`), or says why there was none. */
  private apply(edit: Edit, remembered = false): boolean {
    if (!edit) return false;
    if ('refused' in edit) {
      this.ctx.say(() => t(edit.refused), true);
      return false;
    }
    if (!remembered) this.ctx.remember();
    this.ctx.show(edit.layout);
    return true;
  }

  /** Says what was done (at `cell`, rows and columns from 1, or on `count` cells), then the layout's state. */
  private announce(did: Key, cell: Cell, count = 1): void {
    const where = count > 1 ? `${count} ${t('cells')}` : `(${cell[0] + 1}, ${cell[1] + 1})`;
    this.ctx.sayStep(() => `${t(did)} ${where}.`);
  }

  /** A click (or Enter) with a rectangle tool or Erase, or Delete (`eraseOnly`). */
  private actAt(cell: Cell, eraseOnly = false): void {
    const ctx = this.ctx;
    if (ctx.tiles) return this.tileClick(cell[0] * ctx.tiles.width + cell[1]);
    const tool = this.tools.current;
    const edit = eraseOnly || tool === 'erase' ? eraseAt(ctx.layout, cell) : /^[BVHS]$/.test(tool) ? placeRectangle(ctx.layout, tool, cell) : null;
    if (edit && 'layout' in edit) {
      this.apply(edit);
      this.announce(edit.did, cell);
    } else this.apply(edit);
  }

  /** Starts a stroke of the shape or hole tool on `cell`, doing its first cell; null when it does nothing there. */
  private startStroke(cell: Cell): Stroke | null {
    const { ctx, tools } = this;
    let apply: Stroke['apply'];
    if (tools.current === 'shape') {
      const letter = tools.letter();
      const problem = shapeLetterProblem(letter);
      if (problem) {
        ctx.say(() => t(problem), true);
        return null;
      }
      const mode = paintModeAt(ctx.layout, letter, cell);
      if (typeof mode !== 'string') {
        // On another piece of any shape: that is the piece painted from now on.
        const piece = pieceCovering(ctx.layout, cell[0], cell[1]);
        if (piece && !isFixedLetter(piece.letter)) {
          tools.setLetter(piece.letter);
          tools.sayLetter();
        } else ctx.say(() => t(mode.refused), true);
        return null;
      }
      apply = (at) => paintCell(ctx.layout, letter, at, mode as PaintMode);
    } else {
      const mode = holeModeAt(ctx.layout, cell);
      if (typeof mode !== 'string') {
        ctx.say(() => t(mode.refused), true);
        return null;
      }
      apply = (at) => holeCell(ctx.layout, at, mode as HoleMode);
    }
    const stroke: Stroke = { apply, remembered: false, last: null, did: null, cells: 0 };
    this.strokeOver(stroke, cell);
    return stroke;
  }

  private strokeOver(stroke: Stroke, cell: Cell): void {
    if (stroke.last && stroke.last[0] === cell[0] && stroke.last[1] === cell[1]) return;
    stroke.last = cell;
    const edit = stroke.apply(cell);
    if (!edit || 'refused' in edit) return;
    this.apply(edit, stroke.remembered);
    stroke.remembered = true;
    stroke.did = edit.did;
    stroke.cells++;
  }

  private endStroke(): void {
    const stroke = this.stroke;
    this.stroke = null;
    if (stroke?.did && stroke.last) this.announce(stroke.did, stroke.last, stroke.cells);
  }

  private painting(): boolean {
    return !this.ctx.tiles && (this.tools.current === 'shape' || this.tools.current === 'hole');
  }

  private onPointerDown(e: PointerEvent): void {
    const ctx = this.ctx;
    if (ctx.tiles) return;
    const cell = ctx.board.cellAt(e);
    if (!cell) return;
    this.keyboardUsed = false;
    if (this.painting()) {
      this.stroke = this.startStroke(cell);
      if (this.stroke) ctx.board.root.setPointerCapture(e.pointerId);
      return;
    }
    const piece = pieceCovering(ctx.layout, cell[0], cell[1]);
    if (piece && this.tools.current !== 'erase') {
      this.drag = { piece, dr: cell[0] - piece.row, dc: cell[1] - piece.col, start: cell };
      ctx.board.root.setPointerCapture(e.pointerId);
    }
  }

  private onPointerMove(e: PointerEvent): void {
    if (!this.stroke) return;
    const cell = this.ctx.board.cellAt(e);
    if (cell) this.strokeOver(this.stroke, cell);
  }

  private onPointerUp(e: PointerEvent): void {
    const cell = this.ctx.board.cellAt(e);
    if (this.painting()) {
      if (this.stroke && cell) this.strokeOver(this.stroke, cell);
      this.endStroke();
      if (cell) this.cursor = cell;
      return;
    }
    const d = this.drag;
    this.drag = null;
    if (!cell) return;
    this.cursor = cell;
    if (d && (cell[0] !== d.start[0] || cell[1] !== d.start[1])) {
      this.apply(movePieceTo(this.ctx.layout, d.piece, cell[0] - d.dr, cell[1] - d.dc));
      return;
    }
    this.actAt(cell);
  }

  private onKey(e: KeyboardEvent): void {
    const { width, height } = this.ctx.board.layout;
    const step = ARROWS[e.key];
    const tool = !e.ctrlKey && !e.metaKey && !e.altKey ? TOOL_KEYS[e.key.toLowerCase()] : undefined;
    if (step || e.key === 'Home' || e.key === 'End') {
      if (step) this.cursor = [Math.max(0, Math.min(height - 1, this.cursor[0] + step[0])), Math.max(0, Math.min(width - 1, this.cursor[1] + step[1]))];
      else this.cursor = e.key === 'Home' ? [0, 0] : [height - 1, width - 1];
      this.keyboardUsed = true;
      this.drawCursor();
      const [row, col] = this.cursor;
      const piece = pieceCovering(this.ctx.board.layout, row, col);
      const off = this.ctx.board.layout.holes?.includes(row * width + col);
      this.ctx.say(() => `${t('cursorAt')} (${row + 1}, ${col + 1}): ${piece ? piece.letter : off ? '_' : t('empty')}`, 'progress');
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.keyboardUsed = true;
      if (this.painting()) {
        this.stroke = this.startStroke(this.cursor);
        this.endStroke();
      } else this.actAt(this.cursor);
      this.drawCursor();
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      this.actAt(this.cursor, true);
      this.drawCursor();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'n') {
      this.tools.newPiece();
    } else if (tool) {
      this.tools.choose(tool);
    } else return;
    e.preventDefault();
  }
}
