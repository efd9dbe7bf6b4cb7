/**
 * The board as DOM: absolutely positioned pieces over a grid, sliding along their real paths. Used by the solution
 * player, play mode, the editor and the widget. Honours prefers-reduced-motion. A piece of another shape than a
 * rectangle is one element over its bounding rectangle holding one outlined path (board/shapes.ts); a board with
 * cells that are not part of it draws its frame and tray around its own cells.
 */
import { pieceNames, tileNumber, type Layout, type Move, type Piece, type PieceName } from '../../solver/index.ts';
import { boardOutlineSvg, labelBox, shapeBox, shapeSvg } from './shapes.ts';
import { currentLang, type Lang } from '../shared/i18n.ts';
import { setRovingStop } from '../shared/roving-focus.ts';

export const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface BoardOptions {
  /** Name the pieces (traditional names on the classic board, letters elsewhere). */
  labels?: boolean;
  /** Draw the exit gap (Klotski). */
  exit?: boolean;
  /** 数字华容道: pieces are tiles showing their numbers (10, 11, …) in one style. */
  tiles?: boolean;
  /** Language of names and accessible labels; the page's choice when absent. */
  lang?: Lang;
}

export class BoardView {
  readonly root: HTMLElement;
  layout: Layout;
  private pieces: HTMLElement[] = [];
  private names: PieceName[] | null = null;
  private readonly labelled: boolean;
  private exit: boolean;
  /** Rush Hour (挪车华容道): the row of the exit in the right wall (the red car A's), drawn in place of the bottom one. */
  private rushExit: number | null = null;
  private tiles: boolean;
  private lang: Lang;
  private playable = false;
  /** The goal drawn as ghost outlines: each goal piece, with its anchor where it must go. */
  private goal: readonly Piece[] | null = null;
  /** Top-left cell of the piece that is the board's Tab stop in play mode. */
  private rovingCell: [number, number] | null = null;
  /** The focus was on a piece when the board was redrawn with no piece at its place: the next redraw gives it back. */
  private focusHandedOn = false;

  constructor(root: HTMLElement, layout: Layout, options: BoardOptions = {}) {
    this.root = root;
    this.layout = layout;
    this.labelled = options.labels ?? true;
    this.exit = options.exit ?? true;
    this.tiles = options.tiles ?? false;
    this.lang = options.lang ?? currentLang();
    root.classList.add('board');
    root.setAttribute('role', 'group');
    // The board is one Tab stop: the piece focused last keeps it (see shared/roving-focus.ts).
    root.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement;
      if (el.classList.contains('piece')) {
        this.rovingCell = [Number(el.dataset.row), Number(el.dataset.col)];
        setRovingStop(this.pieces, el);
      }
    });
    this.setLayout(layout);
  }

  /** The playable pieces' elements, in reading order (the group the arrow keys move the focus within). */
  pieceElements(): readonly HTMLElement[] {
    return this.pieces;
  }

  /**
   * Shows `layout`. `names` gives each piece's name when the caller tracks identities (a solution's soldiers keep
   * their numbers as they move); by default the classic names are given in reading order.
   */
  setLayout(layout: Layout, names?: PieceName[] | null): void {
    this.layout = layout;
    this.names = !this.labelled || this.tiles ? null : names ?? pieceNames(layout);
    this.render();
  }

  /** Switches between a Klotski board (exit drawn) and a 数字华容道 board (numbered tiles, no exit). */
  setKind(tiles: boolean): void {
    this.tiles = tiles;
    this.exit = !tiles;
  }

  /** Draws the exit gap in the bottom wall or not (the default goal's way out; a goal drawing has none). */
  setExit(exit: boolean): void {
    this.exit = exit;
    this.render();
  }

  /** Rush Hour: the exit at the right end of `row`, and the car A drawn red; null: none (the bottom exit as set). */
  setRushExit(row: number | null): void {
    this.rushExit = row;
    this.render();
  }

  setLang(lang: Lang): void {
    this.lang = lang;
    this.render();
  }

  /**
   * Play mode: each piece is a button carrying its top-left cell (`data-row`, `data-col`), so it can be picked and
   * moved from the keyboard; the board is one Tab stop and the arrow keys go from piece to piece (the page's keys).
   */
  setPlayable(playable: boolean): void {
    this.playable = playable;
    this.render();
  }

  /** Draws the goal as ghost outlines: each goal piece's shape with its anchor at its target (none when null). */
  setGoal(goal: readonly Piece[] | null): void {
    this.goal = goal;
    this.render();
  }

  /** Piece `index` as its label reads on this board (曹操, soldier 2, S1, V2; a tile's number), in the board's language. */
  pieceName(index: number): string {
    const letter = this.layout.pieces[index]?.letter ?? '';
    if (this.tiles) return String(tileNumber(letter));
    return this.names?.[index]?.[this.lang] ?? letter;
  }

  /** Focuses the piece whose top-left is (row, col), if there is one (it becomes the board's Tab stop). */
  focusPiece(row: number, col: number): void {
    const el = this.pieces[this.pieceIndexAt(row, col)];
    if (!el) return;
    setRovingStop(this.pieces, el);
    el.focus();
  }

  private render(): void {
    const { width, height } = this.layout;
    this.root.style.setProperty('--w', String(width));
    this.root.style.setProperty('--h', String(height));
    this.root.style.aspectRatio = `${width} / ${height}`;
    this.root.classList.toggle('tiles', this.tiles);
    // Redrawing replaces the pieces: a piece that had the focus hands it on to the piece now at its place — or, when
    // that cell is empty in this drawing (a line reloaded draws its start first), to the next drawing's.
    const active = document.activeElement;
    const hadFocus = this.playable && ((this.focusHandedOn && active === document.body) || (active instanceof HTMLElement && active.classList.contains('piece') && this.root.contains(active)));
    this.focusHandedOn = false;
    this.root.replaceChildren();
    // Cells off the board: no tray, no frame, no exit there; the frame follows the board's own cells.
    const outlined = !!this.layout.holes?.length;
    this.root.classList.toggle('outlined', outlined);
    if (outlined) this.root.append(boardOutlineSvg(this.layout));
    const exit = document.createElement('div');
    exit.className = 'board-exit';
    if (this.rushExit !== null) {
      // A gap in the right wall beside the red car's row, an arrow in it pointing out.
      exit.classList.add('board-exit-right');
      exit.style.top = `${(this.rushExit / height) * 100}%`;
      exit.style.height = `${(1 / height) * 100}%`;
      exit.textContent = '➜';
      exit.setAttribute('aria-hidden', 'true');
      this.root.append(exit);
    } else {
      exit.style.left = `${(Math.floor((width - 2) / 2) / width) * 100}%`;
      exit.style.width = `${(2 / width) * 100}%`;
      if (this.exit && !outlined) this.root.append(exit);
    }
    for (const place of this.goal ?? []) this.root.append(this.ghost(place));
    this.root.setAttribute('aria-label', this.lang === 'zh' ? `${width}×${height} 棋盘` : `${width}×${height} board`);
    this.pieces = this.layout.pieces.map((p, i) => {
      const el = document.createElement('div');
      const label = document.createElement('span');
      label.className = 'piece-label';
      el.dataset.letter = p.letter;
      el.setAttribute('role', this.playable ? 'button' : 'img');
      if (this.tiles) {
        const n = String(tileNumber(p.letter));
        el.className = 'piece piece-T';
        el.dataset.tile = n;
        label.textContent = n;
      } else {
        el.className = `piece piece-${/^[BVHS]$/.test(p.letter) ? p.letter : 'X'}`;
        if (this.rushExit !== null && p.letter === 'A') el.classList.add('piece-car');
        const name = this.names?.[i];
        label.textContent = name ? name[this.lang] : p.letter;
        if (p.cells) {
          // One path around its cells, its name in one of them (a 1×1 room for the label).
          el.classList.add('shaped');
          el.prepend(shapeSvg(p, 'piece-shape'));
          Object.assign(label.style, labelBox(p));
          if (name && name.en !== name.zh && this.lang === 'en') fitLatinLabel(label, name.en, { ...p, width: 1, height: 1 });
        } else if (name && this.lang === 'zh' && p.height > p.width) {
          // One character per line: upright in every font, unlike vertical writing modes.
          label.textContent = [...name.zh].join('\n');
          label.classList.add('vertical');
        } else if (name && name.en !== name.zh && this.lang === 'en') fitLatinLabel(label, name.en, p);
      }
      el.setAttribute('aria-label', this.accessibleName(i, p.row, p.col));
      el.append(label);
      this.place(el, p, p.row, p.col);
      this.root.append(el);
      return el;
    });
    if (this.playable) {
      const at = this.rovingCell ? this.pieceIndexAt(this.rovingCell[0], this.rovingCell[1]) : -1;
      setRovingStop(this.pieces, this.pieces[at]);
      if (hadFocus && this.pieces[at]) this.pieces[at].focus({ preventScroll: true });
      else if (hadFocus) this.focusHandedOn = true;
    }
  }

  /** A goal piece's ghost: its shape's dashed outline with its anchor at its place. */
  private ghost(place: Piece): HTMLElement {
    const ghost = document.createElement('div');
    ghost.className = 'goal-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    if (place.cells) {
      ghost.classList.add('shaped');
      ghost.append(shapeSvg(place, 'piece-shape', 0.06));
    }
    this.place(ghost, place, place.row, place.col);
    return ghost;
  }

  /**
   * One more ghost, for a goal place being chosen (null: none), drawn over the board without drawing it again, so the
   * marks on it stay.
   */
  previewGoal(place: Piece | null): void {
    this.root.querySelector('.goal-ghost.preview')?.remove();
    if (!place) return;
    const ghost = this.ghost(place);
    ghost.classList.add('preview');
    this.root.append(ghost);
  }

  /** Puts a piece (or its ghost) with its anchor at (row, col): its element spans its bounding rectangle. */
  private place(el: HTMLElement, p: Piece, row: number, col: number): void {
    const { width, height } = this.layout;
    const box = shapeBox(p);
    el.dataset.row = String(row);
    el.dataset.col = String(col);
    el.style.left = `${((col + box.left) / width) * 100}%`;
    el.style.top = `${(row / height) * 100}%`;
    el.style.width = `${(box.width / width) * 100}%`;
    el.style.height = `${(box.height / height) * 100}%`;
  }

  /** Index of the piece whose top-left is (row, col). */
  pieceIndexAt(row: number, col: number): number {
    return this.layout.pieces.findIndex((p) => p.row === row && p.col === col);
  }

  pieceElement(index: number): HTMLElement | undefined {
    return this.pieces[index];
  }

  /** Marks the piece at (row, col) as the one that just moved (none when null). */
  markMoved(cell: readonly [number, number] | null): void {
    for (const el of this.pieces) el.classList.remove('moved');
    if (cell) this.pieces[this.pieceIndexAt(cell[0], cell[1])]?.classList.add('moved');
  }

  /** Slides the piece along `move.path` (reversed when `backwards`), then commits the new layout. */
  async animate(move: Move, msPerCell: number, backwards = false): Promise<void> {
    const from = backwards ? move.to : move.from;
    const path = backwards ? [...move.path].reverse() : move.path;
    const index = this.pieceIndexAt(from[0], from[1]);
    if (index < 0) throw new Error(`no piece at ${from}`);
    const el = this.pieces[index]!;
    const piece = this.layout.pieces[index]!;
    this.markMoved(null);
    el.classList.add('moving', 'moved');
    const step = reducedMotion() ? 0 : msPerCell;
    el.style.transitionDuration = `${step}ms`;
    for (let i = 1; i < path.length; i++) {
      this.place(el, piece, path[i]![0], path[i]![1]);
      if (step > 0) await new Promise((r) => setTimeout(r, step));
    }
    el.classList.remove('moving');
    const [row, col] = path[path.length - 1]!;
    piece.row = row;
    piece.col = col;
    // The board's Tab stop moves with its piece, so a redraw gives the focus back to that piece at its new place.
    if (this.rovingCell?.[0] === from[0] && this.rovingCell[1] === from[1]) this.rovingCell = [row, col];
    el.setAttribute('aria-label', this.accessibleName(index, row, col));
  }

  /**
   * "曹操 (1, 2)", "soldier 2 (5, 4)", "tile 11 (3, 4)": what a screen reader says for piece `index` at (row, col),
   * counting rows and columns from 1 as people do.
   */
  private accessibleName(index: number, row: number, col: number): string {
    const letter = this.layout.pieces[index]!.letter;
    if (this.tiles) return `${this.lang === 'zh' ? '数字' : 'tile'} ${tileNumber(letter)} (${row + 1}, ${col + 1})`;
    const name = this.names?.[index];
    return `${name ? name[this.lang] : letter} (${row + 1}, ${col + 1})`;
  }

  /** Marks cells; `annotate` may add text, classes and data to each mark (e.g. a move's worth). */
  highlight(cells: Array<[number, number]>, className: string, annotate?: (mark: HTMLElement, index: number) => void): void {
    this.clearHighlight(className);
    const { width, height } = this.layout;
    for (const [index, [row, col]] of cells.entries()) {
      const mark = document.createElement('div');
      mark.className = `cell-mark ${className}`;
      mark.style.left = `${(col / width) * 100}%`;
      mark.style.top = `${(row / height) * 100}%`;
      mark.style.width = `${(1 / width) * 100}%`;
      mark.style.height = `${(1 / height) * 100}%`;
      mark.dataset.row = String(row);
      mark.dataset.col = String(col);
      annotate?.(mark, index);
      this.root.append(mark);
    }
  }

  /**
   * Marks a whole piece with its anchor at `at` (where it is, or where a move takes it): its box, or for a piece of
   * another shape its outline, so a mark never cuts through a piece and its label as a one-cell mark would.
   */
  highlightPiece(piece: Piece, at: readonly [number, number], className: string): void {
    this.clearHighlight(className);
    const { width, height } = this.layout;
    const mark = document.createElement('div');
    mark.className = `cell-mark piece-mark ${className}`;
    mark.style.left = `${((at[1] + shapeBox(piece).left) / width) * 100}%`;
    mark.style.top = `${(at[0] / height) * 100}%`;
    mark.style.width = `${(piece.width / width) * 100}%`;
    mark.style.height = `${(piece.height / height) * 100}%`;
    mark.dataset.row = String(at[0]);
    mark.dataset.col = String(at[1]);
    if (piece.cells) {
      mark.classList.add('shaped');
      mark.append(shapeSvg(piece, 'piece-shape', 0));
    }
    this.root.append(mark);
  }

  clearHighlight(className: string): void {
    for (const el of this.root.querySelectorAll(`.cell-mark.${className}`)) el.remove();
  }

  /** The cell under a pointer event, or null. */
  cellAt(event: { clientX: number; clientY: number }): [number, number] | null {
    // The cells fill the content box: the frame (a wide border, wider at the bottom) is not part of any cell.
    const rect = this.root.getBoundingClientRect();
    const left = rect.left + this.root.clientLeft;
    const top = rect.top + this.root.clientTop;
    const col = Math.floor(((event.clientX - left) / this.root.clientWidth) * this.layout.width);
    const row = Math.floor(((event.clientY - top) / this.root.clientHeight) * this.layout.height);
    if (row < 0 || col < 0 || row >= this.layout.height || col >= this.layout.width) return null;
    return [row, col];
  }
}

/**
 * An English name on a piece ("soldier 3", "Zhang Fei", "Cao Cao"): a narrow piece takes a word per line, and the
 * type is sized so the longest line fits the piece (at most about 0.72 em per letter of the bold face, lines 1.25 em apart)
 * and never exceeds the board's usual label size. The size scales with the board's cells (cqw: the board is the
 * container), so it holds on a phone and in a small embed alike.
 */
function fitLatinLabel(label: HTMLElement, name: string, piece: Piece): void {
  const lines = piece.width < 2 ? name.split(' ') : [name];
  const longest = Math.max(...lines.map((line) => line.length));
  const usual = piece.width > 1 && piece.height > 1 ? 0.5 : 0.34; // of a cell, as board.css sizes labels
  const cells = Math.min(usual, (0.88 * piece.width) / (0.72 * longest), (0.8 * piece.height) / (1.25 * lines.length));
  label.textContent = lines.join('\n');
  label.classList.add('latin');
  if (lines.length > 1) label.classList.add('vertical'); // one line each, centred (board.css)
  label.style.fontSize = `min(1.15rem, 100cqw / var(--w) * ${cells.toFixed(3)})`;
}
