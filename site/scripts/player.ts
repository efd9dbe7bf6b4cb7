/**
 * The solution player: board, play/pause, step back/forward, jump to start/end, scrubber, speed, a move list whose
 * items jump to their move (the current one marked `aria-current="step"`), the move counter as text ("12 / 81"), and
 * keyboard control (←/→/space/Home/End). Pieces keep their identity through the solution, so the soldiers 兵1–兵4 carry
 * the same numbers on the board and in the list, and the piece that just moved is highlighted.
 * Builds its own DOM inside a container, so the site pages, the iframe and the widget share it. On a wide container
 * the move list sits beside the board (a container query); on a narrow one below it, and it can be collapsed.
 */
import { movePiece, pieceNames, tileNumber, type Layout, type Move, type PieceName } from '../../solver/index.ts';
import { BoardView } from './board-view.ts';
import { currentLang, t, type Key, type Lang } from './i18n.ts';

export interface PlayerOptions {
  controls?: boolean;
  speed?: number;
  /** Global keyboard shortcuts (the /s/ page); otherwise only while the player has focus. */
  globalKeys?: boolean;
  /** Draw the exit gap (Klotski); off for tiles. */
  exit?: boolean;
  /** 数字华容道: numbered tiles. */
  tiles?: boolean;
  /** Language of every text and label; the page's choice when absent. Change it later with setLang. */
  lang?: Lang;
  /** Start with the move list collapsed (small frames). */
  collapsed?: boolean;
}

const BASE_MS_PER_CELL = 220;

/** The move list's narrowest column, as board.css sets it. */
const MOVE_COLUMN_MIN_REM = 8.4;

export class Player extends EventTarget {
  readonly root: HTMLElement;
  readonly board: BoardView;
  private positions: Layout[] = [];
  private moves: Move[] = [];
  /** For each position, which start piece each (sorted) piece is. */
  private identities: number[][] = [];
  private startNames: PieceName[] | null = null;
  private own: [number, number] | null = null;
  private index = 0;
  private playing = false;
  private speed: number;
  private token = 0;
  private lang: Lang;
  private readonly tiles: boolean;
  /** What the end of a Klotski line says (a goal drawing's pieces are not escaping). */
  doneWords: Key = 'escaped';
  private readonly counter: HTMLElement;
  private readonly done: HTMLElement;
  private readonly scrubber: HTMLInputElement;
  private readonly playButton: HTMLButtonElement;
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly speedSelect: HTMLSelectElement;
  readonly movesPane: HTMLDetailsElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLOListElement;

  constructor(container: HTMLElement, start: Layout, options: PlayerOptions = {}) {
    super();
    this.speed = options.speed ?? 1;
    this.lang = options.lang ?? currentLang();
    this.tiles = options.tiles ?? false;
    this.root = el('div', 'player');
    // Focusable for its shortcuts; with global keys (a page of its own) no Tab stop of its own is needed.
    this.root.tabIndex = options.globalKeys ? -1 : 0;
    const body = el('div', 'player-body');
    const stage = el('div', 'player-stage');
    const boardEl = document.createElement('div');
    this.board = new BoardView(boardEl, structuredClone(start), { exit: options.exit ?? !this.tiles, tiles: this.tiles, lang: this.lang });
    const counterRow = el('div', 'counter-row');
    this.counter = el('p', 'counter');
    this.counter.setAttribute('aria-live', 'polite');
    this.done = el('p', 'done-badge');
    this.done.hidden = true;
    counterRow.append(this.counter, this.done);
    const controls = el('div', 'controls');
    const button = (act: string, glyph: string) => {
      const b = el('button', `ctl ctl-${act}`) as HTMLButtonElement;
      b.type = 'button';
      b.textContent = glyph;
      b.dataset.act = act;
      b.addEventListener('click', () => this.act(act));
      controls.append(b);
      this.buttons.push(b);
      return b;
    };
    button('start', '⇤');
    button('back', '‹');
    this.playButton = button('play', '▶');
    button('forward', '›');
    button('end', '⇥');
    this.scrubber = el('input', 'scrubber') as HTMLInputElement;
    this.scrubber.type = 'range';
    this.scrubber.min = '0';
    this.scrubber.value = '0';
    this.scrubber.addEventListener('input', () => this.jump(Number(this.scrubber.value)));
    this.speedSelect = el('select', 'speed') as HTMLSelectElement;
    for (const s of [0.5, 1, 2, 4]) this.speedSelect.append(new Option(`${s}×`, String(s), false, s === this.speed));
    this.speedSelect.addEventListener('change', () => (this.speed = Number(this.speedSelect.value)));
    controls.append(this.scrubber, this.speedSelect);
    stage.append(boardEl, counterRow, controls);
    this.movesPane = el('details', 'moves-pane') as HTMLDetailsElement;
    this.movesPane.open = !options.collapsed;
    this.summary = el('summary', 'moves-summary');
    this.list = el('ol', 'move-list') as HTMLOListElement;
    this.movesPane.append(this.summary, this.list);
    if (options.controls === false) controls.hidden = true;
    if (options.controls === false) this.movesPane.hidden = true;
    body.append(stage, this.movesPane);
    this.root.append(body);
    // The server's stand-in (same classes, same size) is replaced, so the page does not move.
    const skeleton = container.querySelector(':scope > .player.skeleton');
    if (skeleton) skeleton.replaceWith(this.root);
    else container.append(this.root);
    const keyTarget: EventTarget = options.globalKeys ? document : this.root;
    keyTarget.addEventListener('keydown', (e) => this.onKey(e as KeyboardEvent));
    this.relabel();
    this.load(start, []);
  }

  /**
   * Loads a line of moves from `start`. `own` marks the visitor's own moves, `[from, to)`: the list shows them apart
   * from the solution before them and the best continuation after them.
   */
  load(start: Layout, moves: Move[], own: [number, number] | null = null): void {
    this.token++;
    this.playing = false;
    this.moves = moves;
    this.own = own;
    this.positions = [structuredClone(start)];
    for (const m of moves) this.positions.push(movePiece(this.positions[this.positions.length - 1]!, m.from, m.to));
    this.identities = trackIdentities(this.positions, moves);
    this.startNames = this.tiles ? null : pieceNames(this.positions[0]!);
    this.index = 0;
    this.scrubber.max = String(moves.length);
    this.renderList();
    this.showPosition();
    this.update();
  }

  /** Switches every text, label and name to `lang`. */
  setLang(lang: Lang): void {
    this.lang = lang;
    this.board.setLang(lang);
    this.relabel();
    this.renderList();
    this.update();
  }

  get position(): number {
    return this.index;
  }

  get length(): number {
    return this.moves.length;
  }

  /** The move the loaded line makes next from the current position, if there is one. */
  get nextMove(): Move | undefined {
    return this.moves[this.index];
  }

  /** Every position of the loaded line with each piece's board label (kept through the line by identity). */
  frames(): Array<{ layout: Layout; names: string[] | null }> {
    return this.positions.map((layout, i) => ({
      layout,
      names: this.startNames ? this.identities[i]!.map((id) => this.startNames![id]!.zh) : null,
    }));
  }

  /** The position at the player's current move (the board shows it once any animation ends). */
  get shown(): Layout {
    return this.positions[this.index]!;
  }

  act(action: string): void {
    if (action === 'play') return this.playing ? this.pause() : void this.play();
    this.pause();
    if (action === 'start') this.jump(0);
    else if (action === 'end') this.jump(this.moves.length);
    else if (action === 'back') void this.step(-1);
    else if (action === 'forward') void this.step(1);
  }

  async play(): Promise<void> {
    if (this.moves.length === 0) return;
    if (this.index >= this.moves.length) this.jump(0);
    this.playing = true;
    const token = ++this.token;
    this.update();
    while (this.playing && token === this.token && this.index < this.moves.length) {
      await this.step(1, token);
      await new Promise((r) => setTimeout(r, 120 / this.speed));
    }
    if (token === this.token) this.playing = false;
    this.update();
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    this.token++;
    this.update();
  }

  jump(index: number): void {
    this.token++;
    this.index = Math.max(0, Math.min(this.moves.length, index));
    this.showPosition();
    this.update();
  }

  /** Puts the current position on the board exactly, names by identity, the last move's piece marked. */
  private showPosition(): void {
    const names = this.startNames ? this.identities[this.index]!.map((id) => this.startNames![id]!) : undefined;
    this.board.setLayout(structuredClone(this.positions[this.index]!), names);
    this.board.markMoved(this.index > 0 ? this.moves[this.index - 1]!.to : null);
  }

  /** Animations in flight (steps pressed faster than they animate overlap). */
  private animating = 0;

  /** Animates one move forward (+1) or back (-1). Never throws, however fast steps are pressed. */
  async step(direction: 1 | -1, token = ++this.token): Promise<void> {
    const target = this.index + direction;
    if (target < 0 || target > this.moves.length) return;
    const move = this.moves[direction === 1 ? this.index : target]!;
    // A step pressed during another step's animation: show where that one ends at once, then animate this one.
    if (this.animating > 0) this.showPosition();
    this.index = target;
    this.animating++;
    this.update();
    try {
      await this.board.animate(move, BASE_MS_PER_CELL / this.speed, direction === -1);
      if (direction === -1) this.board.markMoved(this.index > 0 ? this.moves[this.index - 1]!.to : null);
    } catch {
      this.showPosition();
    } finally {
      this.animating--;
    }
    // A jump during the animation wins: show its position exactly.
    if (token !== this.token && !this.playing) this.showPosition();
    this.showDone();
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    // Shortcuts act only when the player or the page itself has focus, and a focused control always keeps its own
    // keys: Space and Enter press a focused button (here or elsewhere), fields keep every key, and outside the player
    // nothing is taken (Home/End scroll the page from a focused link).
    if (target && target !== document.body && target !== document.documentElement && !this.root.contains(target)) return;
    // A piece or a target in play mode has focus: its keys move pieces, not the replay.
    if (target?.closest('.piece, .cell-mark')) return;
    const control = target?.closest<HTMLElement>('button, a, input, select, textarea, summary, [contenteditable]');
    if (control && control !== this.scrubber) {
      const pressable = control.tagName === 'BUTTON' || control.tagName === 'A' || control.tagName === 'SUMMARY';
      if (!pressable || e.key === ' ' || e.key === 'Enter') return;
    }
    const actions: Record<string, string> = { ArrowLeft: 'back', ArrowRight: 'forward', ' ': 'play', Home: 'start', End: 'end' };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    this.act(action);
  }

  /** Name of the piece that move i moves, as the board labels it (by identity: soldier 3 stays soldier 3). */
  private moverName(i: number): string {
    return this.nameAt(i, this.moves[i]!.from);
  }

  /**
   * Name of the piece with its top-left at `cell` in position i, in the player's language — the board's label, so
   * list, hints, board and what a screen reader says agree ("兵3" / "soldier 3"); a tile's number.
   */
  private nameAt(i: number, cell: readonly [number, number]): string {
    const before = this.positions[i]!;
    const pieceIndex = before.pieces.findIndex((p) => p.row === cell[0] && p.col === cell[1]);
    if (this.startNames) return this.startNames[this.identities[i]![pieceIndex]!]![this.lang];
    const letter = before.pieces[pieceIndex]?.letter ?? '?';
    return this.tiles ? String(tileNumber(letter)) : letter;
  }

  /** A move from the position on the board as the list writes it: "关羽 ←" / "Guan Yu ←", "兵3 ↓↓", "S2 →", "11 ↑". */
  describe(move: Move): string {
    return `${this.nameAt(this.index, move.from)} ${arrows(move)}`;
  }

  private renderList(): void {
    this.list.replaceChildren(
      ...this.moves.map((m, i) => {
        const li = document.createElement('li');
        if (this.own) li.dataset.kind = i < this.own[0] ? 'solution' : i < this.own[1] ? 'own' : 'continuation';
        const b = document.createElement('button');
        if (li.dataset.kind === 'own' || li.dataset.kind === 'continuation') b.title = t(li.dataset.kind === 'own' ? 'yourMove' : 'bestLine', this.lang);
        b.type = 'button';
        b.className = 'move';
        const n = el('span', 'move-n');
        n.textContent = `${i + 1}.`;
        b.append(n, ` ${this.moverName(i)} ${arrows(m)}`);
        b.setAttribute('aria-label', `${i + 1}. ${this.moverName(i)} ${arrows(m)}`);
        b.addEventListener('click', () => {
          this.pause();
          this.jump(i + 1);
        });
        li.append(b);
        return li;
      }),
    );
    this.fitListColumns();
    this.summary.textContent = `${t('moveList', this.lang)} (${this.moves.length})`;
    this.list.setAttribute('aria-label', t('moveList', this.lang));
  }

  /**
   * The list's columns as wide as its longest entry ("12. Huang Zhong ←↓"), so an English name is never cut short
   * of its arrows; never narrower than board.css makes them. Estimated from the text (the list may be collapsed, so
   * nothing can be measured): about 0.6 em a letter, 1 em an arrow or a Chinese character.
   */
  private fitListColumns(): void {
    const widthEm = (text: string) => [...text].reduce((sum, ch) => sum + (/[\u2190-\u21ff\u4e00-\u9fff]/.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.6), 0);
    const widest = Math.max(0, ...[...this.list.querySelectorAll('.move')].map((b) => widthEm(b.textContent ?? '')));
    // + the button's padding and a little slack; 8.4rem is board.css's column minimum.
    this.list.style.gridTemplateColumns = `repeat(auto-fill, minmax(max(${MOVE_COLUMN_MIN_REM}rem, ${(widest + 1.2).toFixed(1)}em), 1fr))`;
  }

  private label(b: HTMLElement, key: Key): void {
    b.setAttribute('aria-label', t(key, this.lang));
    b.title = t(key, this.lang);
  }

  /** Names the player and its controls in the current language (the play button is named by update()). */
  private relabel(): void {
    const keys: Record<string, Key> = { start: 'start', back: 'back', forward: 'forward', end: 'end' };
    for (const b of this.buttons) if (keys[b.dataset.act!]) this.label(b, keys[b.dataset.act!]!);
    this.root.setAttribute('aria-label', t('player', this.lang));
    this.scrubber.setAttribute('aria-label', t('positionInSolution', this.lang));
    this.speedSelect.setAttribute('aria-label', t('speed', this.lang));
  }

  /** The end of a solution shows the solved state: a badge, and the board marked solved. */
  private showDone(): void {
    const done = this.moves.length > 0 && this.index === this.moves.length && this.animating === 0;
    this.done.hidden = !done;
    this.done.textContent = done ? `✓ ${t(this.tiles ? 'tilesInOrder' : this.doneWords, this.lang)}` : '';
    this.board.root.classList.toggle('solved', done);
  }

  private update(): void {
    // No line yet (still searching, or nothing to play): nothing to step through, so no counter and no live controls.
    const none = this.moves.length === 0;
    for (const b of this.buttons) b.disabled = none;
    this.scrubber.disabled = none;
    this.speedSelect.disabled = none;
    // Hidden, not removed: the page keeps its layout when the line arrives.
    this.root.classList.toggle('no-line', none);
    this.counter.textContent = `${this.index} / ${this.moves.length}`;
    this.scrubber.value = String(this.index);
    this.playButton.textContent = this.playing ? '❚❚' : '▶';
    this.label(this.playButton, this.playing ? 'pause' : 'play');
    const items = this.list.children;
    for (let i = 0; i < items.length; i++) {
      const current = i === this.index - 1;
      items[i]!.classList.toggle('current', current);
      const b = items[i]!.firstElementChild!;
      if (current) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    this.showDone();
    this.revealCurrent();
    this.dispatchEvent(new CustomEvent('change', { detail: this.index }));
  }

  /** Scrolls the list (only the list, never the page) so that the current move is in view. */
  private revealCurrent(): void {
    const current = this.list.children[this.index - 1] as HTMLElement | undefined;
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
}

/** For each position of a solution, which start piece each (sorted) piece is. */
function trackIdentities(positions: Layout[], moves: Move[]): number[][] {
  let ids = positions[0]!.pieces.map((_, i) => i);
  const out = [ids];
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    const byCell = new Map(positions[i]!.pieces.map((p, k) => [`${p.row},${p.col}`, ids[k]!]));
    const moved = byCell.get(`${m.from[0]},${m.from[1]}`)!;
    byCell.delete(`${m.from[0]},${m.from[1]}`);
    byCell.set(`${m.to[0]},${m.to[1]}`, moved);
    ids = positions[i + 1]!.pieces.map((p) => byCell.get(`${p.row},${p.col}`)!);
    out.push(ids);
  }
  return out;
}

function el(tag: string, className: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}

function arrows(m: Move): string {
  let out = '';
  for (let i = 1; i < m.path.length; i++) {
    const dr = m.path[i]![0] - m.path[i - 1]![0];
    const dc = m.path[i]![1] - m.path[i - 1]![1];
    out += dr < 0 ? '↑' : dr > 0 ? '↓' : dc < 0 ? '←' : '→';
  }
  return out;
}
