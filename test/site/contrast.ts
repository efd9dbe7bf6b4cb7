/**
 * WCAG contrast ratios from what the browser renders: computed colours, translucent layers composited over what is
 * behind them, up to the page's background.
 */
import type { Page } from 'playwright-core';

/**
 * Every visible text in `root` (a document or a widget's shadow root) with its WCAG contrast ratio against the
 * background it is actually drawn on: backgrounds composited from the element up to the page, a piece's own colour
 * (its ::before) included. Runs in the page: `page.evaluate(contrastsIn, null)`.
 */
export function contrastsIn(rootSelector: string | null): Array<{ text: string; ratio: number; color: string; background: string }> {
  type Rgba = [number, number, number, number];
  const parse = (c: string): Rgba => {
    const parts = c.match(/[\d.]+/g)!.map(Number);
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + bottom[i]! * (1 - top[3])).concat(1) as Rgba;
  const luminance = (c: Rgba) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const backgroundOf = (el: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node: Element | null = el; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
      if (node.classList.contains('piece')) layers.push(parse(getComputedStyle(node, '::before').backgroundColor));
      layers.push(parse(getComputedStyle(node).backgroundColor));
    }
    return layers.reverse().reduce((bg, layer) => over(layer, bg), [255, 255, 255, 1] as Rgba);
  };
  const host = rootSelector ? document.querySelector(rootSelector)!.shadowRoot! : document;
  const out: Array<{ text: string; ratio: number; color: string; background: string }> = [];
  for (const el of host.querySelectorAll('*')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()).map((n) => n.textContent!.trim()).join(' ');
    const text = el.tagName === 'SELECT' ? (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '' : own;
    if (!text || el.tagName === 'OPTION' || el.tagName === 'STYLE' || el.tagName === 'SCRIPT' || el.getClientRects().length === 0) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    const bg = backgroundOf(el);
    const fg = over(parse(getComputedStyle(el).color), bg);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    out.push({ text: text.slice(0, 30), ratio: (hi! + 0.05) / (lo! + 0.05), color: getComputedStyle(el).color, background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})` });
  }
  return out;
}

/** One side of a pair: an element (the first match of `selector`), or its ::before / ::after box. */
export interface Side {
  selector: string;
  pseudo?: '::before' | '::after';
}

/**
 * A pair to measure. `text`: the colour of `fore`'s text over `fore`'s own background. `fill`: `fore`'s background
 * colour over `back`'s background (a piece on the board); `back` defaults to what is behind `fore`. `border`: `fore`'s
 * outline (its top border's colour) over `back`'s background (a mark on the board's tray).
 */
export interface Pair {
  name: string;
  kind: 'text' | 'fill' | 'border';
  fore: Side;
  back?: Side;
}

export interface Measured {
  name: string;
  ratio: number;
  fore: string;
  back: string;
}

/** Measures every pair on the page; a pair whose element is missing throws (a test must not pass on nothing). */
export async function contrasts(page: Page, pairs: Pair[]): Promise<Measured[]> {
  return page.evaluate((pairs) => {
    type RGBA = [number, number, number, number];
    const parse = (css: string): RGBA => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) throw new Error(`unexpected colour ${css}`);
      const [r, g, b, a = '1'] = m[1]!.split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    /** `top` painted over an opaque `under`. */
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const find = (selector: string): Element => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector}`);
      return el;
    };
    /** The opaque colour behind `el`'s content: its own background and every ancestor's, composited. */
    const backgroundOf = (el: Element, pseudo?: string): RGBA => {
      const chain: Element[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) chain.push(e);
      let colour: RGBA = [255, 255, 255, 1]; // the canvas, under the root's own background
      for (const e of chain.reverse()) colour = over(parse(getComputedStyle(e).backgroundColor), colour);
      if (pseudo) colour = over(parse(getComputedStyle(el, pseudo).backgroundColor), colour);
      return colour;
    };
    /** Opacity of `el` and its ancestors: a faded element's text is that much closer to its background. */
    const opacityOf = (el: Element): number => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const luminance = ([r, g, b]: RGBA): number => {
      const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const show = (c: RGBA) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
    return pairs.map(({ name, kind, fore, back }) => {
      const el = find(fore.selector);
      let fg: RGBA;
      let bg: RGBA;
      if (kind === 'text') {
        bg = backgroundOf(el, fore.pseudo);
        const colour = parse(getComputedStyle(el, fore.pseudo).color);
        fg = over([colour[0], colour[1], colour[2], colour[3] * opacityOf(el)], bg);
      } else {
        const behind = back ? backgroundOf(find(back.selector), back.pseudo) : backgroundOf(el.parentElement!);
        const style = getComputedStyle(el, fore.pseudo);
        fg = over(parse(kind === 'border' ? style.borderTopColor : style.backgroundColor), behind);
        bg = behind;
      }
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      return { name, ratio: (hi! + 0.05) / (lo! + 0.05), fore: show(fg), back: show(bg) };
    });
  }, pairs);
}
