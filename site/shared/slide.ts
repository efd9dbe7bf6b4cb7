/**
 * The slide rule of a page's puzzle (Rush Hour, 挪车华容道: `line`, bars only along their length; else `free`): read from
 * a `rush:` code (always `line`) or the address's `?slide=line`, with the layout it goes with. Pure: the pages,
 * /embed/ and the widget read their code through it.
 */
import { formatLayout, isRushCode, parsePuzzleCode, parseRushOrThrow, LayoutError, type Layout, type LayoutProblem, type Slide } from '../../solver/index.ts';

export interface PagePuzzle {
  kind: 'klotski' | 'tiles';
  layout: Layout;
  /** The project's own code (a `rush:` board's too). */
  canonical: string;
  slide: Slide;
}

/** `slide` as a link or attribute spells it: `line` or nothing (free). */
export function slideFromText(text: string | null | undefined): Slide {
  return text?.trim().toLowerCase() === 'line' ? 'line' : 'free';
}

/** The puzzle a page was given: a `rush:` code is its board under `line`; any other code under `slideText`'s rule (tiles: free). */
export function readPagePuzzle(code: string, slideText: string | null | undefined): { ok: true; value: PagePuzzle } | { ok: false; error: LayoutProblem } {
  if (isRushCode(code)) {
    try {
      const layout = parseRushOrThrow(code);
      return { ok: true, value: { kind: 'klotski', layout, canonical: formatLayout(layout), slide: 'line' } };
    } catch (e) {
      if (e instanceof LayoutError) return { ok: false, error: e.problem };
      throw e;
    }
  }
  const parsed = parsePuzzleCode(code);
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...parsed.value, slide: parsed.value.kind === 'tiles' ? 'free' : slideFromText(slideText) } };
}

/** Sets or drops `slide=line` on a query (free is the default, left out). */
export function setSlideParam(params: URLSearchParams, slide: Slide): void {
  if (slide === 'line') params.set('slide', 'line');
  else params.delete('slide');
}

/** The row of the exit drawn at the right edge: the red car `A`'s, when it is a horizontal bar under `line` (else null). */
export function rushExitRow(layout: Layout, slide: Slide): number | null {
  if (slide !== 'line') return null;
  const car = layout.pieces.find((p) => p.letter === 'A');
  return car && !car.cells && car.height === 1 && car.width >= 2 ? car.row : null;
}
