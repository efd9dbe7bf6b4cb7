/**
 * Pictures as lists of shapes: rounded rectangles and lines of text. The board and the link preview are laid out once,
 * here, and drawn two ways: as SVG (svg.ts, preview.ts) and straight into pixels (raster.ts), so the two never drift.
 */
export interface SceneRect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  /** Corner radius. */
  r: number;
  fill: string;
}

export interface SceneText {
  kind: 'text';
  x: number;
  y: number;
  size: number;
  fill: string;
  weight: 400 | 700;
  content: string;
  /** `middle`: x is the centre of the text; `start`: its left end. */
  anchor: 'start' | 'middle';
  /** `central`: y is the middle of the em box; `alphabetic`: the baseline. */
  baseline: 'alphabetic' | 'central';
}

export type SceneItem = SceneRect | SceneText;
