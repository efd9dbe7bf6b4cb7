/**
 * <huarong-solution layout="VBBV-VBBV-VHHV-VSSV-S..S" metric="move" autoplay controls theme="light|dark|auto"
 * speed="1" start="0" lang="zh|en"></huarong-solution>
 *
 * One ES module, no framework. Shadow DOM (host styles cannot break it; its styles do not leak). Lazy: nothing is
 * fetched until the element scrolls into view. Calls /solve on the origin this script was loaded from; when that
 * refuses (over its budget) or cannot be reached, solves in this browser instead, with progress and a cancel button.
 * Whatever is
 * inside the element (a plain link, say) is the no-JavaScript fallback: the shadow root does not render it.
 */
import boardCss from '../styles/board.css';
import { parsePuzzleCode, unitMoves, type Metric } from '../../solver/index.ts';
import { Player } from '../scripts/player.ts';
import { problemText } from '../scripts/problem-text.ts';
import { countText, downloadText, embedLang, progressText, t, type Lang } from '../scripts/i18n.ts';
import { crossOriginWorker, solveInBrowser, solveRemote } from '../scripts/solve-client.ts';

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
.cancel { font: inherit; border-radius: 6px; border: 1px solid var(--control-line); background: var(--surface); color: var(--ink); }
.player { max-width: none; }
.board { max-width: none; }
.move-list { height: 8rem; }
`;

class HuarongSolution extends HTMLElement {
  static observedAttributes = ['layout', 'metric', 'lang'];
  private observer: IntersectionObserver | null = null;
  private started = false;
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
    if (this.started || this.observer) return;
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer?.disconnect();
        this.observer = null;
        void this.start();
      }
    }, { rootMargin: '200px' });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  attributeChangedCallback(): void {
    if (this.started) {
      this.started = false;
      void this.start();
    }
  }

  private async start(): Promise<void> {
    this.started = true;
    for (const el of [...this.shadow.children]) if (el.tagName !== 'STYLE') el.remove();
    const frame = document.createElement('div');
    frame.className = 'frame';
    this.shadow.append(frame);
    const code = this.getAttribute('layout') ?? '';
    const lang = embedLang(this.getAttribute('lang'), this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang);
    frame.lang = lang === 'zh' ? 'zh-CN' : 'en';
    const parsed = parsePuzzleCode(code);
    if (!parsed.ok) {
      const msg = document.createElement('div');
      msg.className = 'message';
      msg.setAttribute('role', 'alert');
      msg.textContent = `Huarong: ${t('invalidLayout', lang)} "${code}": ${problemText(parsed.error, lang)}`;
      frame.append(msg);
      this.dispatchEvent(new CustomEvent('huarong-error', { detail: { message: parsed.error.message } }));
      return;
    }
    const metricAttr = this.getAttribute('metric') as Metric;
    const metric = METRICS.includes(metricAttr) ? metricAttr : 'move';
    const canonical = parsed.value.canonical;
    const tiles = parsed.value.kind === 'tiles';
    const title = document.createElement('p');
    title.className = 'title';
    const count = document.createElement('span');
    count.className = 'count';
    const link = document.createElement('a');
    link.href = `${ORIGIN}/s/${canonical}${metric === 'move' ? '' : `?metric=${metric}`}`;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = '华容道 ↗';
    link.setAttribute('aria-label', t('openSite', lang));
    title.append(count, link);
    const loading = document.createElement('p');
    loading.className = 'loading';
    loading.textContent = t('solving', lang);
    frame.append(title, loading);
    const controls = this.getAttribute('controls');
    const player = new Player(frame, parsed.value.layout, { exit: !tiles, tiles, lang, controls: controls !== null && controls !== 'false' && controls !== '0', speed: Number(this.getAttribute('speed')) || 1 });
    const remote = await solveRemote(ORIGIN, canonical, metric);
    const result = remote.ok ? remote.result : remote.failure.kind === 'bad-input' ? null : await this.solveHere(loading, canonical, metric, lang);
    loading.remove();
    if (!result) {
      const msg = document.createElement('div');
      msg.className = 'message';
      msg.setAttribute('role', 'alert');
      msg.textContent = remote.ok || remote.failure.kind !== 'bad-input' ? `Huarong: ${t('cancelledNoSolution', lang)}` : `Huarong: ${remote.failure.message}`;
      frame.append(msg);
      this.dispatchEvent(new CustomEvent('huarong-error', { detail: { message: msg.textContent } }));
      return;
    }
    player.load(parsed.value.layout, tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves);
    count.textContent = result.solvable ? countText(result.length!, metric, lang) : t('noSolution', lang);
    this.dataset.length = String(result.length ?? '');
    const start = Number(this.getAttribute('start'));
    if (start > 0) player.jump(start);
    player.addEventListener('change', (e) => this.dispatchEvent(new CustomEvent('huarong-step', { detail: { position: (e as CustomEvent<number>).detail, length: player.length } })));
    if (this.hasAttribute('autoplay') && this.getAttribute('autoplay') !== 'false') void player.play();
    this.dispatchEvent(new CustomEvent('huarong-ready', { detail: { length: result.length } }));
  }

  /** The edge would not solve it: solve in this browser, showing progress, with a cancel button. */
  private async solveHere(status: HTMLElement, code: string, metric: Metric, lang: Lang) {
    status.textContent = t('solvingInBrowser', lang);
    const progress = document.createElement('span');
    progress.className = 'progress';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'cancel';
    cancel.textContent = t('cancel', lang);
    status.append(document.createElement('br'), progress, ' ', cancel);
    const local = solveInBrowser(
      code,
      metric,
      null,
      (p) => (progress.textContent = progressText(p.nodes, p.ms, p.depth, lang)),
      crossOriginWorker(SOLVER_MODULE, ORIGIN),
      (loaded, total) => (progress.textContent = downloadText(loaded, total, lang)),
    );
    cancel.addEventListener('click', () => local.cancel());
    try {
      return await local.result;
    } catch {
      return null;
    }
  }
}

if (!customElements.get('huarong-solution')) customElements.define('huarong-solution', HuarongSolution);
