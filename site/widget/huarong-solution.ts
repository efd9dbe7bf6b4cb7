/**
 * <huarong-solution layout="VBBV-VBBV-VHHV-VSSV-S..S" metric="move" autoplay controls theme="light|dark|auto"
 * speed="1" start="0" lang="zh|en" goal="B@3,0 | a goal drawing" slide="line"></huarong-solution>
 *
 * `slide="line"` (or a `rush:` code in `layout`, Fogleman's notation): Rush Hour's rule (挪车华容道), bars sliding only
 * along their length, the red car A out at the right of its row.
 *
 * `goal` takes the API's forms (a piece and its place, `B@3,1` or `0,0@4,2`, or a goal drawing such as
 * `...LL-...ML-...MM-.....-.....`): solved toward it, drawn as ghost outlines; one that does not fit says so.
 *
 * One ES module, no framework. Shadow DOM (host styles cannot break it; its styles do not leak). Lazy: nothing is
 * fetched until the element scrolls into view. Calls /solve on the origin this script was loaded from; when that
 * refuses (over its budget) or cannot be reached, solves in this browser instead, with progress and a cancel button.
 * Whatever is
 * inside the element (a plain link, say) is the no-JavaScript fallback: the shadow root does not render it.
 */
import boardCss from '../styles/board.css';
import { unitMoves, type GoalInput, type Layout, type Metric, type SearchPhase, type Slide } from '../../solver/index.ts';
import { readPagePuzzle } from '../shared/slide.ts';
import { Player } from '../player/player.ts';
import { problemText } from '../shared/problem-text.ts';
import { downloadText, embedLang, progressText, t, type Lang } from '../shared/i18n.ts';
import { answerHeadline, answerNote, answerState } from '../solution/outcome-text.ts';
import { crossOriginWorker, solveInBrowser, solveRemote, watchJob, type JobWatch } from '../solve/client.ts';
import { puzzlePageHref, readEmbedGoal } from '../embed/goal.ts';

const ORIGIN = new URL(import.meta.url).origin;
/** The solver as a module the widget can start in this browser when the edge refuses (built beside widget.js). */
const SOLVER_MODULE = new URL('widget-solver.js', import.meta.url).href;
const METRICS: Metric[] = ['move', 'straight', 'step'];

const WIDGET_CSS = `
:host { display: block; max-width: 420px; font-family: system-ui, -apple-system, 'PingFang SC', 'Noto Sans CJK SC', sans-serif; contain: content; --widget-bg: #fbf7ef; }
:host([hidden]) { display: none; }
:host([theme='dark']) { --widget-bg: #1f1b16; }
@media (prefers-color-scheme: dark) { :host([theme='auto']) { --widget-bg: #1f1b16; } }
/* The widget paints its own background, so its text keeps its contrast on any host page. */
.frame { padding: 10px; border-radius: 10px; background: var(--widget-bg); color: var(--ink); }
.title { display: flex; justify-content: space-between; gap: 0.5rem; font-size: 0.9rem; margin: 0 0 6px; }
.title a { color: inherit; }
.message { padding: 1rem; border: 2px solid #9b1c14; border-radius: 8px; background: #fff; color: #1d1a16; font-size: 0.9rem; }
.loading { color: var(--muted); font-size: 0.9rem; padding: 0.5rem 0; }
.verdict { margin: 0 0 6px; font-size: 0.85rem; line-height: 1.3; }
.cancel { font: inherit; border-radius: 6px; border: 1px solid var(--control-line); background: var(--surface); color: var(--ink); }
.player { max-width: none; }
.board { max-width: none; }
.move-list { height: 8rem; }
`;

/** What build() put on screen for a valid layout, for fetchSolution() to fill. */
interface Built {
  player: Player;
  count: HTMLElement;
  frame: HTMLElement;
  layout: Layout;
  canonical: string;
  metric: Metric;
  tiles: boolean;
  lang: Lang;
  /** The goal to solve toward (null: the default goal). */
  goal: GoalInput | null;
  slide: Slide;
}

class HuarongSolution extends HTMLElement {
  static observedAttributes = ['layout', 'metric', 'lang', 'theme', 'controls', 'speed', 'goal', 'slide'];
  private observer: IntersectionObserver | null = null;
  private fetched = false;
  private built: Built | null = null;
  private readonly shadow: ShadowRoot;

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = boardCss + WIDGET_CSS;
    this.shadow.append(style);
  }

  connectedCallback(): void {
    if (!this.hasAttribute('theme')) this.setAttribute('theme', 'light');
    // The board and controls are drawn at once, at their final size (the host page does not move later); only the
    // solution waits until the element is about to scroll into view.
    if (!this.shadow.querySelector('.frame')) this.build();
    if (this.fetched || this.observer) return;
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer?.disconnect();
        this.observer = null;
        void this.fetchSolution();
      }
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after || !this.shadow.querySelector('.frame') || name === 'theme') return;
    this.build();
    if (this.fetched) void this.fetchSolution();
  }

  /** Draws the frame, the title line and the player for the layout (or explains what is wrong with it). */
  private build(): void {
    for (const el of [...this.shadow.children]) if (el.tagName !== 'STYLE') el.remove();
    this.built = null;
    const frame = document.createElement('div');
    frame.className = 'frame';
    this.shadow.append(frame);
    const code = this.getAttribute('layout') ?? '';
    const lang = embedLang(this.getAttribute('lang'), this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
    frame.lang = lang === 'zh' ? 'zh-CN' : 'en';
    const parsed = readPagePuzzle(code, this.getAttribute('slide'));
    if (!parsed.ok) return this.refuse(frame, `${t('invalidLayout', lang)} "${code}": ${problemText(parsed.error, lang)}`, parsed.error.message);
    const metricAttr = this.getAttribute('metric') as Metric;
    const metric = METRICS.includes(metricAttr) ? metricAttr : 'move';
    const canonical = parsed.value.canonical;
    const tiles = parsed.value.kind === 'tiles';
    const slide = parsed.value.slide;
    const goal = readEmbedGoal(parsed.value.layout, tiles, this.getAttribute('goal'), lang, slide);
    if ('message' in goal) return this.refuse(frame, goal.message, goal.reason);
    const title = document.createElement('p');
    title.className = 'title';
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = t('solving', lang);
    const link = document.createElement('a');
    link.href = puzzlePageHref(ORIGIN, canonical, metric, goal.text, slide);
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = '华容道 ↗';
    link.setAttribute('aria-label', t('openSite', lang));
    title.append(count, link);
    frame.append(title);
    const controls = this.getAttribute('controls');
    const player = new Player(frame, parsed.value.layout, { exit: !tiles, tiles, lang, controls: controls !== null && controls !== 'false' && controls !== '0', speed: Number(this.getAttribute('speed')) || 1 });
    goal.apply(player);
    player.addEventListener('change', (e) => this.dispatchEvent(new CustomEvent('huarong-step', { detail: { position: (e as CustomEvent<number>).detail, length: player.length } })));
    this.built = { player, count, frame, layout: parsed.value.layout, canonical, metric, tiles, lang, goal: goal.spec, slide };
  }

  /** Says, inside the widget, why there is nothing to play; `reason` goes with the huarong-error event. */
  private refuse(frame: HTMLElement, text: string, reason: string): void {
    const msg = document.createElement('div');
    msg.className = 'message';
    msg.setAttribute('role', 'alert');
    msg.textContent = `Huarong: ${text}`;
    frame.append(msg);
    this.dispatchEvent(new CustomEvent('huarong-error', { detail: { message: reason } }));
  }

  /** Asks /solve (or, when it declines, this browser) and loads the solution into the player. */
  private async fetchSolution(): Promise<void> {
    this.fetched = true;
    const built = this.built;
    if (!built) return;
    const { player, count, frame, layout, canonical, metric, tiles, lang, goal, slide } = built;
    const remote = await solveRemote(ORIGIN, canonical, metric, goal, slide);
    // The server goes on with it as a job (202): watched while this browser solves; the first answer wins.
    const watch = !remote.ok && remote.failure.job ? watchJob(remote.failure.job.url, ORIGIN) : null;
    const here = remote.ok || remote.failure.kind === 'bad-input' ? null : await this.solveHere(frame, canonical, metric, goal, slide, lang, watch);
    const result = remote.ok ? remote.result : here && 'result' in here ? here.result : null;
    if (this.built !== built) return; // the attributes changed meanwhile: a newer fetch is on its way
    if (!result) {
      const msg = document.createElement('div');
      msg.className = 'message';
      msg.setAttribute('role', 'alert');
      msg.textContent = !remote.ok && remote.failure.kind === 'bad-input'
        ? `Huarong: ${remote.failure.message}`
        : here && 'error' in here
          ? `Huarong: ${t('browserSolveFailed', lang)} (${here.error}).`
          : `Huarong: ${t('cancelledNoSolution', lang)}`;
      count.textContent = '';
      frame.insertBefore(msg, player.root);
      this.dispatchEvent(new CustomEvent('huarong-error', { detail: { message: msg.textContent } }));
      return;
    }
    player.load(layout, tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves);
    // Three states: the length; no solution, proven (and by what); unknown, with what was proven and why it stopped.
    const outcome = answerState(result);
    count.textContent = answerHeadline(result, lang);
    this.dataset.outcome = outcome;
    const sentence = answerNote(result, lang);
    if (sentence) {
      const note = document.createElement('p');
      note.className = 'verdict';
      note.textContent = sentence;
      frame.insertBefore(note, player.root);
    }
    this.dataset.length = String(result.length ?? '');
    const start = Number(this.getAttribute('start'));
    if (start > 0) player.jump(start);
    if (this.hasAttribute('autoplay') && this.getAttribute('autoplay') !== 'false') void player.play();
    this.dispatchEvent(new CustomEvent('huarong-ready', { detail: { length: result.length, outcome } }));
  }

  /**
   * The edge would not solve it: solve in this browser, showing progress, with a cancel button. Null when cancelled;
   * what went wrong when the browser could not solve it.
   */
  private async solveHere(frame: HTMLElement, code: string, metric: Metric, goal: GoalInput | null, slide: Slide, lang: Lang, watch: JobWatch | null) {
    const status = document.createElement('p');
    status.className = 'loading';
    status.textContent = t('solvingInBrowser', lang);
    frame.insertBefore(status, frame.querySelector('.player'));
    const progress = document.createElement('span');
    progress.className = 'progress';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'cancel';
    cancel.textContent = t('cancel', lang);
    status.append(document.createElement('br'), progress, ' ', cancel);
    let firstPhase: SearchPhase | undefined;
    const local = solveInBrowser(
      code,
      metric,
      goal,
      (p) => {
        firstPhase ??= p.phase;
        progress.textContent = progressText(p, metric, lang, firstPhase);
      },
      crossOriginWorker(SOLVER_MODULE, ORIGIN),
      (loaded, total) => (progress.textContent = downloadText(loaded, total, lang)),
      slide,
    );
    cancel.addEventListener('click', () => {
      local.cancel();
      watch?.stop();
    });
    const fromServer = watch ? watch.answer.then((r) => ({ server: r })) : new Promise<never>(() => undefined);
    try {
      const first = await Promise.race([fromServer, local.result.then((r) => ({ browser: r }))]);
      if ('server' in first) {
        local.cancel();
        this.dataset.solvedBy = 'server-job';
        return { result: first.server };
      }
      watch?.stop();
      return first.browser ? { result: first.browser } : null; // null: cancelled
    } catch (e) {
      watch?.stop();
      return { error: (e as Error).message };
    } finally {
      status.remove();
    }
  }
}

if (!customElements.get('huarong-solution')) customElements.define('huarong-solution', HuarongSolution);
