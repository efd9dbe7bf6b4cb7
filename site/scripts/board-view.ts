/**
 * The board as DOM: absolutely positioned pieces over a grid, sliding along their real paths. Used by the solution
 * player, play mode, the editor and the widget. Honours prefers-reduced-motion.
 */
import { traditionalNames, type Layout, type Move, type Piece } from '../../solver/index.ts';
import { currentLang } from './i18n.ts';

export const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export class BoardView {
  readonly root: HTMLElement;
  layout: Layout;
  private pieces: HTMLElement[] = [];
  private readonly labelled: boolean;
  private readonly exit: boolean;

  constructor(root: HTMLElement, layout: Layout, options: { labels?: boolean; exit?: boolean } = {}) {
    this.root = root;
    this.layout = layout;
    this.labelled = options.labels ?? true;
    this.exit = options.exit ?? true;
    root.classList.add('board');
    root.setAttribute('role', 'group');
    this.render();
  }

  setLayout(layout: Layout): void {
    this.layout = layout;
    this.render();
  }

  private render(): void {
    const { width, height } = this.layout;
    this.root.style.setProperty('--w', String(width));
    this.root.style.setProperty('--h', String(height));
    this.root.style.aspectRatio = `${width} / ${height}`;
    this.root.replaceChildren();
    const exit = document.createElement('div');
    exit.className = 'board-exit';
    exit.style.left = `${(Math.floor((width - 2) / 2) / width) * 100}%`;
    exit.style.width = `${(2 / width) * 100}%`;
    if (this.exit) this.root.append(exit);
    const names = this.labelled ? traditionalNames(this.layout) : null;
    const lang = currentLang();
    this.root.setAttribute('aria-label', lang === 'zh' ? `${width}×${height} 棋盘` : `${width}×${height} board`);
    this.pieces = this.layout.pieces.map((p, i) => {
      const el = document.createElement('div');
      el.className = `piece piece-${/^[BVHS]$/.test(p.letter) ? p.letter : this.exit ? 'X' : 'T'}`;
      const name = names ? names[i]![lang] : p.letter;
      el.dataset.letter = p.letter;
      el.setAttribute('role', 'img');
      el.setAttribute('aria-label', `${name} (${p.row}, ${p.col})`);
      const label = document.createElement('span');
      label.className = 'piece-label';
      label.textContent = names ? names[i]!.zh : p.letter;
      if (names && p.height > p.width) {
        // One character per line: upright in every font, unlike vertical writing modes.
        label.textContent = [...names[i]!.zh].join('\n');
        label.classList.add('vertical');
      }
      el.append(label);
      this.place(el, p, p.row, p.col);
      this.root.append(el);
      return el;
    });
  }

  private place(el: HTMLElement, p: Piece, row: number, col: number): void {
    const { width, height } = this.layout;
    el.style.left = `${(col / width) * 100}%`;
    el.style.top = `${(row / height) * 100}%`;
    el.style.width = `${(p.width / width) * 100}%`;
    el.style.height = `${(p.height / height) * 100}%`;
  }

  /** Index of the piece whose top-left is (row, col). */
  pieceIndexAt(row: number, col: number): number {
    return this.layout.pieces.findIndex((p) => p.row === row && p.col === col);
  }

  pieceElement(index: number): HTMLElement | undefined {
    return this.pieces[index];
  }

  /** Slides the piece along `move.path` (reversed when `backwards`), then commits the new layout. */
  async animate(move: Move, msPerCell: number, backwards = false): Promise<void> {
    const from = backwards ? move.to : move.from;
    const path = backwards ? [...move.path].reverse() : move.path;
    const index = this.pieceIndexAt(from[0], from[1]);
    if (index < 0) throw new Error(`no piece at ${from}`);
    const el = this.pieces[index]!;
    const piece = this.layout.pieces[index]!;
    el.classList.add('moving');
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

  clearHighlight(className: string): void {
    for (const el of this.root.querySelectorAll(`.cell-mark.${className}`)) el.remove();
  }

  /** The cell under a pointer event, or null. */
  cellAt(event: { clientX: number; clientY: number }): [number, number] | null {
    const rect = this.root.getBoundingClientRect();
    const col = Math.floor(((event.clientX - rect.left) / rect.width) * this.layout.width);
    const row = Math.floor(((event.clientY - rect.top) / rect.height) * this.layout.height);
    if (row < 0 || col < 0 || row >= this.layout.height || col >= this.layout.width) return null;
    return [row, col];
  }
}
