/**
 * A small chart of moves to go along the line the player shows, like lichess's evaluation graph: x is the position
 * (0 … the line's length), y the distance to go from it. The optimal line is a straight descending diagonal and a
 * detour shows as a bump; unknown distances leave gaps; your own moves are drawn in another colour; the current
 * position is marked. Clicking (or dragging along) it picks a position; from the keyboard it is one slider (one Tab
 * stop: arrows, Page Up/Down, Home, End).
 *
 * Drawn in SVG with percentage coordinates, so it stretches to any width with round dots and even strokes; colours
 * come from the page's CSS custom properties (see .distance-chart in site.css), so any theme applies.
 */
import type { Metric } from '../../solver/index.ts';
import { countText, t } from '../shared/i18n.ts';

export interface ChartLine {
  /** The distance to go at each position 0 … length (length + 1 entries); null or undefined where not known. */
  distances: ReadonlyArray<number | null | undefined>;
  /** Your own moves as positions [from, to): the moves from position `from` up to position `to`; null when none. */
  own: readonly [number, number] | null;
  metric: Metric;
}

const SVG = 'http://www.w3.org/2000/svg';

export class DistanceChart {
  readonly root: HTMLElement;
  private readonly svg: SVGSVGElement;
  private readonly onPick: (position: number) => void;
  private line: ChartLine | null = null;
  private current = 0;

  /** `onPick` is called with the position chosen (by click, drag or key); the caller moves the player there. */
  constructor(onPick: (position: number) => void) {
    this.onPick = onPick;
    this.root = document.createElement('div');
    this.root.className = 'distance-chart empty';
    this.root.tabIndex = 0;
    this.root.setAttribute('role', 'slider');
    this.root.setAttribute('aria-valuemin', '0');
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('aria-hidden', 'true');
    this.root.append(this.svg);
    this.root.addEventListener('pointerdown', (e) => {
      this.root.setPointerCapture?.(e.pointerId);
      this.pickAt(e.clientX);
    });
    this.root.addEventListener('pointermove', (e) => {
      if (this.root.hasPointerCapture?.(e.pointerId)) this.pickAt(e.clientX);
    });
    this.root.addEventListener('keydown', (e) => this.onKey(e));
    document.addEventListener('langchange', () => this.describe());
    this.describe();
  }

  /** Draws a line (null: no line, and the chart keeps its room but shows nothing). */
  show(line: ChartLine | null): void {
    const known = line?.distances.some((d) => typeof d === 'number') ?? false;
    this.line = line && known ? line : null;
    this.root.classList.toggle('empty', !this.line);
    this.draw();
  }

  /** Marks the player's position (the chart follows the player). */
  mark(position: number): void {
    this.current = position;
    this.drawCurrent();
    this.describe();
  }

  private get length(): number {
    return this.line ? this.line.distances.length - 1 : 0;
  }

  private x(i: number): string {
    return `${this.length === 0 ? 0 : (i / this.length) * 100}%`;
  }

  private y(d: number): string {
    const top = Math.max(1, ...this.line!.distances.filter((v): v is number => typeof v === 'number'));
    return `${(1 - d / top) * 100}%`;
  }

  private draw(): void {
    this.svg.replaceChildren();
    if (!this.line) return;
    const { distances, own } = this.line;
    const isOwnMove = (i: number) => own !== null && i >= own[0] && i < own[1];
    const baseline = shape('line', 'chart-baseline', { x1: '0%', x2: '100%', y1: '100%', y2: '100%' });
    const segments = shape('g', 'chart-segments', {});
    const points = shape('g', 'chart-points', {});
    for (let i = 0; i < distances.length; i++) {
      const d = distances[i];
      if (typeof d !== 'number') continue;
      const next = distances[i + 1];
      if (typeof next === 'number') {
        segments.append(shape('line', `chart-segment${isOwnMove(i) ? ' own' : ''}`, { x1: this.x(i), y1: this.y(d), x2: this.x(i + 1), y2: this.y(next) }));
      }
      // A position is yours when one of your moves led to it.
      const point = shape('circle', `chart-point${isOwnMove(i - 1) ? ' own' : ''}`, { cx: this.x(i), cy: this.y(d), r: '1.2' });
      point.dataset.position = String(i);
      point.dataset.distance = String(d);
      points.append(point);
    }
    this.svg.append(baseline, segments, points);
    this.drawCurrent();
  }

  private drawCurrent(): void {
    this.svg.querySelector('.chart-current')?.remove();
    if (!this.line) return;
    const i = Math.min(this.current, this.length);
    const d = this.line.distances[i];
    const marker = shape('g', 'chart-current', {});
    marker.dataset.position = String(i);
    marker.append(shape('line', 'chart-cursor', { x1: this.x(i), x2: this.x(i), y1: '0%', y2: '100%' }));
    if (typeof d === 'number') marker.append(shape('circle', 'chart-current-point', { cx: this.x(i), cy: this.y(d), r: '3.5' }));
    this.svg.append(marker);
  }

  /** The slider's name and value, in the page's language. */
  private describe(): void {
    this.root.setAttribute('aria-label', t('distanceChart'));
    this.root.setAttribute('aria-valuemax', String(this.length));
    this.root.setAttribute('aria-valuenow', String(Math.min(this.current, this.length)));
    const d = this.line?.distances[this.current];
    const where = `${this.current} / ${this.length}`;
    this.root.setAttribute('aria-valuetext', typeof d === 'number' && this.line ? `${where}: ${t('chartToGo').replace('{count}', countText(d, this.line.metric))}` : where);
  }

  /** Picks the position nearest to a pointer's x. */
  private pickAt(clientX: number): void {
    if (!this.line) return;
    const box = this.svg.getBoundingClientRect();
    const i = Math.round(((clientX - box.left) / Math.max(1, box.width)) * this.length);
    this.pick(i);
  }

  private pick(i: number): void {
    const position = Math.max(0, Math.min(this.length, i));
    if (position !== this.current) this.onPick(position);
  }

  private onKey(e: KeyboardEvent): void {
    if (!this.line) return;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };
    let target: number;
    if (e.key in steps) target = this.current + steps[e.key]!;
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = this.length;
    else return;
    // The player's own keys (←/→ step with an animation) would act too: the slider's keys are its alone.
    e.preventDefault();
    e.stopPropagation();
    this.pick(target);
  }
}

function shape(tag: string, className: string, attrs: Record<string, string>): SVGElement {
  const el = document.createElementNS(SVG, tag) as SVGElement;
  el.setAttribute('class', className);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}
