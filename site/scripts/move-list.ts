/**
 * The player's move list: a collapsible pane of numbered moves, each a button that jumps to its move, the current one
 * marked (`aria-current="step"`); on a line with moves of your own, each move is marked as the solution's, yours, or
 * the best continuation's.
 */
import { t, type Lang } from './i18n.ts';
import { arrows, type PlayerLine } from './player-line.ts';

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
    this.fitColumns();
    this.summary.textContent = `${t('moveList', lang)} (${line.moves.length})`;
    this.list.setAttribute('aria-label', t('moveList', lang));
  }

  /** Marks the move that led to position `index` as the current one. */
  markCurrent(index: number): void {
    const items = this.list.children;
    for (let i = 0; i < items.length; i++) {
      const current = i === index - 1;
      items[i]!.classList.toggle('current', current);
      const b = items[i]!.firstElementChild!;
      if (current) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
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
