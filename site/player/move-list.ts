/**
 * The player's move list: a collapsible pane of numbered moves, each a button that jumps to its move, the current one
 * marked (`aria-current="step"`); on a line with moves of your own, each move is marked as the solution's, yours, or
 * the best continuation's. The list is one Tab stop (the current move, roving focus): the arrows, Home and End go to
 * another move and play the line to it, so Tab goes on past a solution of any length.
 */
import { t, type Lang } from '../shared/i18n.ts';
import { arrows, type PlayerLine } from './line.ts';
import { nearestInDirection, setRovingStop } from '../shared/roving-focus.ts';

/** The move list's narrowest column, as board.css sets it. */
const MOVE_COLUMN_MIN_REM = 8.4;

export class MoveList {
  readonly pane: HTMLDetailsElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLOListElement;
  /** Called with the position after the move clicked. */
  private readonly pick: (index: number) => void;

  constructor(collapsed: boolean, pick: (index: number) => void) {
    this.pick = pick;
    this.pane = document.createElement('details');
    this.pane.className = 'moves-pane';
    this.pane.open = !collapsed;
    this.summary = document.createElement('summary');
    this.summary.className = 'moves-summary';
    this.list = document.createElement('ol');
    this.list.className = 'move-list';
    this.pane.append(this.summary, this.list);
    this.list.addEventListener('keydown', (e) => this.onKey(e));
  }

  private buttons(): HTMLButtonElement[] {
    return [...this.list.querySelectorAll<HTMLButtonElement>('.move')];
  }

  /**
   * ← → go to the move before or after, ↑ ↓ to the nearest move drawn above or below (the list has several columns
   * when there is room), Home and End to the first and the last; the line plays to the move focused. The keys stay
   * here: the player's own ←/→ shortcuts would step the replay a second time.
   */
  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = this.buttons();
    const from = e.target instanceof HTMLButtonElement ? moves.indexOf(e.target) : -1;
    if (from < 0) return;
    let to: number;
    if (e.key === 'ArrowLeft') to = from - 1;
    else if (e.key === 'ArrowRight') to = from + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = moves.length - 1;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const next = nearestInDirection(moves[from]!, moves, e.key === 'ArrowUp' ? [-1, 0] : [1, 0]);
      to = next ? moves.indexOf(next as HTMLButtonElement) : from;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    to = Math.max(0, Math.min(moves.length - 1, to));
    setRovingStop(moves, moves[to]);
    moves[to]!.focus();
    if (to !== from) this.pick(to + 1);
  }

  /** Lists the line's moves; `own` marks the visitor's own moves, `[from, to)`. */
  render(line: PlayerLine, own: [number, number] | null, lang: Lang): void {
    this.list.replaceChildren(
      ...line.moves.map((m, i) => {
        const li = document.createElement('li');
        if (own) li.dataset.kind = i < own[0] ? 'solution' : i < own[1] ? 'own' : 'continuation';
        const b = document.createElement('button');
        if (li.dataset.kind === 'own' || li.dataset.kind === 'continuation') b.title = t(li.dataset.kind === 'own' ? 'yourMove' : 'bestLine', lang);
        b.type = 'button';
        b.className = 'move';
        const n = document.createElement('span');
        n.className = 'move-n';
        n.textContent = `${i + 1}.`;
        b.append(n, ` ${line.moverName(i, lang)} ${arrows(m)}`);
        b.setAttribute('aria-label', `${i + 1}. ${line.moverName(i, lang)} ${arrows(m)}`);
        b.addEventListener('click', () => this.pick(i + 1));
        li.append(b);
        return li;
      }),
    );
    setRovingStop(this.buttons(), undefined);
    this.fitColumns();
    this.summary.textContent = `${t('moveList', lang)} (${line.moves.length})`;
    this.list.setAttribute('aria-label', t('moveList', lang));
  }

  /**
   * Marks the move that led to position `index` as the current one, and makes it the list's Tab stop (the first move
   * at the start). A focus inside the list follows it, so a replay never leaves the focus on a move left behind.
   */
  markCurrent(index: number): void {
    const items = this.list.children;
    for (let i = 0; i < items.length; i++) {
      const current = i === index - 1;
      items[i]!.classList.toggle('current', current);
      const b = items[i]!.firstElementChild!;
      if (current) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    const moves = this.buttons();
    const stop = moves[Math.max(0, index - 1)];
    const focusInside = this.list.contains(document.activeElement);
    setRovingStop(moves, stop);
    if (focusInside && stop && document.activeElement !== stop) stop.focus({ preventScroll: true });
  }

  /** Scrolls the list (only the list, never the page) so that the move that led to position `index` is in view. */
  reveal(index: number): void {
    const current = this.list.children[index - 1] as HTMLElement | undefined;
    if (!current) {
      this.list.scrollTop = 0;
      return;
    }
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < this.list.scrollTop || bottom > this.list.scrollTop + this.list.clientHeight) {
      this.list.scrollTop = top - this.list.clientHeight / 2 + current.offsetHeight / 2;
    }
  }

  /**
   * The list's columns as wide as its longest entry ("12. Huang Zhong ←↓"), so an English name is never cut short
   * of its arrows; never narrower than board.css makes them. Estimated from the text (the list may be collapsed, so
   * nothing can be measured): about 0.6 em a letter, 1 em an arrow or a Chinese character.
   */
  private fitColumns(): void {
    const widthEm = (text: string) => [...text].reduce((sum, ch) => sum + (/[\u2190-\u21ff\u4e00-\u9fff]/.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.6), 0);
    const widest = Math.max(0, ...[...this.list.querySelectorAll('.move')].map((b) => widthEm(b.textContent ?? '')));
    // + the button's padding and a little slack; 8.4rem is board.css's column minimum.
    this.list.style.gridTemplateColumns = `repeat(auto-fill, minmax(max(${MOVE_COLUMN_MIN_REM}rem, ${(widest + 1.2).toFixed(1)}em), 1fr))`;
  }
}
