/**
 * The solution player: board, play/pause, step back/forward, jump to start/end, scrubber, speed, the move counter as
 * text ("12 / 81"), a move list whose items jump to their move (player/move-list.ts), and keyboard control (←/→/space/Home/End,
 * player/keys.ts). Pieces keep their identity through the solution (player/line.ts), so the soldiers 兵1–兵4 carry the
 * same numbers on the board and in the list, and the piece that just moved is highlighted.
 * Builds its own DOM inside a container, so the site pages, the iframe and the widget share it. On a wide container
 * the move list sits beside the board (a container query); on a narrow one below it, and it can be collapsed.
 */
import type { Layout, Move } from '../../solver/index.ts';
import { BoardView } from '../board/view.ts';
import { currentLang, t, type Key, type Lang } from '../shared/i18n.ts';
import { MoveList } from './move-list.ts';
import { shortcutAction } from './keys.ts';
import { arrows, PlayerLine } from './line.ts';

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

export class Player extends EventTarget {
  readonly root: HTMLElement;
  readonly board: BoardView;
  /** The loaded line; set by load(), which the constructor ends with. */
  private line!: PlayerLine;
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
  private readonly moveList: MoveList;

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
    this.moveList = new MoveList(options.collapsed ?? false, (index) => {
      this.pause();
      this.jump(index);
    });
    this.movesPane = this.moveList.pane;
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
    this.line = new PlayerLine(start, moves, this.tiles);
    this.own = own;
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
    return this.line.moves.length;
  }

  /** The move the loaded line makes next from the current position, if there is one. */
  get nextMove(): Move | undefined {
    return this.line.moves[this.index];
  }

  /** Every position of the loaded line with each piece's board label (kept through the line by identity), in the player's language. */
  frames(): Array<{ layout: Layout; names: string[] | null }> {
    return this.line.frames(this.lang);
  }

  /** The position at the player's current move (the board shows it once any animation ends). */
  get shown(): Layout {
    return this.line.positions[this.index]!;
  }

  act(action: string): void {
    if (action === 'play') return this.playing ? this.pause() : void this.play();
    this.pause();
    if (action === 'start') this.jump(0);
    else if (action === 'end') this.jump(this.line.moves.length);
    else if (action === 'back') void this.step(-1);
    else if (action === 'forward') void this.step(1);
  }

  async play(): Promise<void> {
    if (this.line.moves.length === 0) return;
    if (this.index >= this.line.moves.length) this.jump(0);
    this.playing = true;
    const token = ++this.token;
    this.update();
    while (this.playing && token === this.token && this.index < this.line.moves.length) {
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
    this.index = Math.max(0, Math.min(this.line.moves.length, index));
    this.showPosition();
    this.update();
  }

  /** Puts the current position on the board exactly, names by identity, the last move's piece marked. */
  private showPosition(): void {
    this.board.setLayout(structuredClone(this.line.positions[this.index]!), this.line.namesAt(this.index));
    this.board.markMoved(this.index > 0 ? this.line.moves[this.index - 1]!.to : null);
  }

  /** Animations in flight (steps pressed faster than they animate overlap). */
  private animating = 0;

  /** Animates one move forward (+1) or back (-1). Never throws, however fast steps are pressed. */
  async step(direction: 1 | -1, token = ++this.token): Promise<void> {
    const target = this.index + direction;
    if (target < 0 || target > this.line.moves.length) return;
    const move = this.line.moves[direction === 1 ? this.index : target]!;
    // A step pressed during another step's animation: show where that one ends at once, then animate this one.
    if (this.animating > 0) this.showPosition();
    this.index = target;
    this.animating++;
    this.update();
    try {
      await this.board.animate(move, BASE_MS_PER_CELL / this.speed, direction === -1);
      if (direction === -1) this.board.markMoved(this.index > 0 ? this.line.moves[this.index - 1]!.to : null);
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
    const action = shortcutAction(e, this.root, this.scrubber);
    if (!action) return;
    e.preventDefault();
    this.act(action);
  }

  /** A move from the position on the board as the list writes it: "关羽 ←" / "Guan Yu ←", "兵3 ↓↓", "S2 →", "11 ↑". */
  describe(move: Move): string {
    return `${this.line.nameAt(this.index, move.from, this.lang)} ${arrows(move)}`;
  }

  private renderList(): void {
    this.moveList.render(this.line, this.own, this.lang);
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
    const done = this.line.moves.length > 0 && this.index === this.line.moves.length && this.animating === 0;
    this.done.hidden = !done;
    this.done.textContent = done ? `✓ ${t(this.tiles ? 'tilesInOrder' : this.doneWords, this.lang)}` : '';
    this.board.root.classList.toggle('solved', done);
  }

  private update(): void {
    // No line yet (still searching, or nothing to play): nothing to step through, so no counter and no live controls.
    const none = this.line.moves.length === 0;
    for (const b of this.buttons) b.disabled = none;
    this.scrubber.disabled = none;
    this.speedSelect.disabled = none;
    // Hidden, not removed: the page keeps its layout when the line arrives.
    this.root.classList.toggle('no-line', none);
    this.counter.textContent = `${this.index} / ${this.line.moves.length}`;
    this.scrubber.value = String(this.index);
    this.playButton.textContent = this.playing ? '❚❚' : '▶';
    this.label(this.playButton, this.playing ? 'pause' : 'play');
    this.moveList.markCurrent(this.index);
    this.showDone();
    this.moveList.reveal(this.index);
    this.dispatchEvent(new CustomEvent('change', { detail: this.index }));
  }
}

function el(tag: string, className: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  return e;
}
