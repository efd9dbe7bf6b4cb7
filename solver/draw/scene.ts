/**
 * Pictures as lists of shapes: rounded rectangles, polygons (pieces of other shapes, irregular boards) and lines of text. The board and the link preview are laid out once,
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

/** Closed polygons filled together (nonzero: a contour turning the other way is a hole), in pixels. */
export interface ScenePath {
  kind: 'path';
  /** Each contour as flat [x0, y0, x1, y1, …] (solver/draw/outline.ts makes them, corners already rounded). */
  contours: number[][];
  fill: string;
}

export type SceneItem = SceneRect | ScenePath | SceneText;
