/**
 * The solution player: board, play/pause, step back/forward, jump to start/end, scrubber, speed, a move list with the
 * current move highlighted, the move counter as text ("12 / 81"), and keyboard control (←/→/space/Home/End).
 * Builds its own DOM inside a container, so the site pages and the widget share it.
 */
import { movePiece, traditionalNames, type Layout, type Move } from '../../solver/index.ts';
import { BoardView } from './board-view.ts';
import { currentLang, t } from './i18n.ts';

export interface PlayerOptions {
  controls?: boolean;
  speed?: number;
  /** Global keyboard shortcuts (the /s/ page); otherwise only while the player has focus. */
  globalKeys?: boolean;
  /** Draw the exit gap (Klotski); off for tiles. */
  exit?: boolean;
}

const BASE_MS_PER_CELL = 220;

export class Player extends EventTarget {
  readonly root: HTMLElement;
  readonly board: BoardView;
  private positions: Layout[] = [];
  private moves: Move[] = [];
  private index = 0;
  private playing = false;
  private speed: number;
  private token = 0;
  private readonly counter: HTMLElement;
  private readonly scrubber: HTMLInputElement;
  private readonly playButton: HTMLButtonElement;
  private readonly list: HTMLOListElement;

  constructor(container: HTMLElement, start: Layout, options: PlayerOptions = {}) {
    super();
    this.speed = options.speed ?? 1;
    this.root = document.createElement('div');
    this.root.className = 'player';
    this.root.tabIndex = 0;
    this.root.setAttribute('aria-label', 'solution player');
    const boardEl = document.createElement('div');
    this.root.append(boardEl);
    this.board = new BoardView(boardEl, structuredClone(start), { exit: options.exit ?? true });
    this.counter = el('p', 'counter');
    this.counter.setAttribute('aria-live', 'polite');
    const controls = el('div', 'controls');
    const button = (act: string, glyph: string, key: Parameters<typeof t>[0]) => {
      const b = el('button', `ctl ctl-${act}`) as HTMLButtonElement;
      b.type = 'button';
      b.textContent = glyph;
      b.dataset.act = act;
      b.dataset.i18nLabel = key;
      b.setAttribute('aria-label', t(key));
      b.title = t(key);
      b.addEventListener('click', () => this.act(act));
      controls.append(b);
      return b;
    };
    button('start', '⇤', 'start');
    button('back', '‹', 'back');
    this.playButton = button('play', '▶', 'play');
    button('forward', '›', 'forward');
    button('end', '⇥', 'end');
    this.scrubber = el('input', 'scrubber') as HTMLInputElement;
    this.scrubber.type = 'range';
    this.scrubber.min = '0';
    this.scrubber.value = '0';
    this.scrubber.setAttribute('aria-label', 'position in the solution');
    this.scrubber.addEventListener('input', () => this.jump(Number(this.scrubber.value)));
    const speed = el('select', 'speed') as HTMLSelectElement;
    speed.setAttribute('aria-label', t('speed'));
    speed.dataset.i18nLabel = 'speed';
    for (const s of [0.5, 1, 2, 4]) speed.append(new Option(`${s}×`, String(s), false, s === this.speed));
    speed.addEventListener('change', () => (this.speed = Number(speed.value)));
    controls.append(this.scrubber, speed);
    this.list = el('ol', 'move-list') as HTMLOListElement;
    this.list.setAttribute('aria-label', 'moves');
    if (options.controls === false) controls.hidden = true;
    if (options.controls === false) this.list.hidden = true;
    this.root.append(this.counter, controls, this.list);
    container.append(this.root);
    const keyTarget: EventTarget = options.globalKeys ? document : this.root;
    keyTarget.addEventListener('keydown', (e) => this.onKey(e as KeyboardEvent));
    this.load(start, []);
  }

  /** Loads a solution for `start`. */
  load(start: Layout, moves: Move[]): void {
    this.token++;
    this.playing = false;
    this.moves = moves;
    this.identities = undefined;
    this.positions = [structuredClone(start)];
    for (const m of moves) this.positions.push(movePiece(this.positions[this.positions.length - 1]!, m.from, m.to));
    this.index = 0;
    this.scrubber.max = String(moves.length);
    this.renderList();
    this.board.setLayout(structuredClone(start));
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

  get layout(): Layout {
    return this.board.layout;
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
    this.board.setLayout(structuredClone(this.positions[this.index]!));
    this.update();
  }

  /** Animations in flight (steps pressed faster than they animate overlap). */
  private animating = 0;

  /** Animates one move forward (+1) or back (-1). Never throws, however fast steps are pressed. */
  async step(direction: 1 | -1, token = ++this.token): Promise<void> {
    const target = this.index + direction;
    if (target < 0 || target > this.moves.length) return;
    const move = this.moves[direction === 1 ? this.index : target]!;
    // A step pressed during another step's animation: show where that one ends at once, then animate this one.
    if (this.animating > 0) this.board.setLayout(structuredClone(this.positions[this.index]!));
    this.index = target;
    this.update();
    this.animating++;
    try {
      await this.board.animate(move, BASE_MS_PER_CELL / this.speed, direction === -1);
    } catch {
      this.board.setLayout(structuredClone(this.positions[this.index]!));
    } finally {
      this.animating--;
    }
    // A jump during the animation wins: show its position exactly.
    if (token !== this.token && !this.playing) this.board.setLayout(structuredClone(this.positions[this.index]!));
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    // Shortcuts act only when the player or the page itself has focus, and a focused control always keeps its own
    // keys: Space and Enter press a focused button (here or elsewhere), fields keep every key, and outside the player
    // nothing is taken (Home/End scroll the page from a focused link).
    if (target && target !== document.body && target !== document.documentElement && !this.root.contains(target)) return;
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

  private renderList(): void {
    const names = traditionalNames(this.positions[0]!);
    const lang = currentLang();
    this.list.replaceChildren(
      ...this.moves.map((m, i) => {
        const li = document.createElement('li');
        const before = this.positions[i]!;
        const pieceIndex = before.pieces.findIndex((p) => p.row === m.from[0] && p.col === m.from[1]);
        // Names follow the piece: find it in the start layout by replaying identities is costly; letters suffice
        // off the classic board, and on it the name of the piece now at `from` is tracked below.
        const name = names ? this.nameAt(i, pieceIndex, lang) : before.pieces[pieceIndex]?.letter ?? '?';
        li.textContent = `${name} ${arrows(m)}`;
        li.addEventListener('click', () => {
          this.pause();
          this.jump(i + 1);
        });
        return li;
      }),
    );
  }

  /** Traditional name of the piece moved by move i (pieces keep their identity through the solution). */
  private nameAt(moveIndex: number, pieceIndex: number, lang: 'zh' | 'en'): string {
    this.identities ??= this.trackIdentities();
    const id = this.identities[moveIndex]![pieceIndex]!;
    return traditionalNames(this.positions[0]!)![id]![lang];
  }

  private identities: number[][] | undefined;

  /** For each position, which start piece each (sorted) piece is. */
  private trackIdentities(): number[][] {
    const out: number[][] = [];
    let ids = this.positions[0]!.pieces.map((_, i) => i);
    for (let i = 0; i < this.moves.length; i++) {
      out.push(ids);
      const m = this.moves[i]!;
      const before = this.positions[i]!;
      const after = this.positions[i + 1]!;
      const byCell = new Map(before.pieces.map((p, k) => [`${p.row},${p.col}`, ids[k]!]));
      const moved = byCell.get(`${m.from[0]},${m.from[1]}`)!;
      byCell.delete(`${m.from[0]},${m.from[1]}`);
      byCell.set(`${m.to[0]},${m.to[1]}`, moved);
      ids = after.pieces.map((p) => byCell.get(`${p.row},${p.col}`)!);
    }
    out.push(ids);
    return out;
  }

  private update(): void {
    this.counter.textContent = `${this.index} / ${this.moves.length}`;
    this.scrubber.value = String(this.index);
    this.playButton.textContent = this.playing ? '❚❚' : '▶';
    const label = t(this.playing ? 'pause' : 'play');
    this.playButton.setAttribute('aria-label', label);
    this.playButton.title = label;
    this.playButton.dataset.i18nLabel = this.playing ? 'pause' : 'play';
    const items = this.list.children;
    for (let i = 0; i < items.length; i++) items[i]!.classList.toggle('current', i === this.index - 1);
    const current = items[this.index - 1] as HTMLElement | undefined;
    this.list.scrollTop = current ? current.offsetTop - this.list.offsetTop - this.list.clientHeight / 2 : 0;
    this.dispatchEvent(new CustomEvent('change', { detail: this.index }));
  }
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
