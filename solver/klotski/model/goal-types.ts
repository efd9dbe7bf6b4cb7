/**
 * The shapes of a goal: as callers give it (a piece to a cell, or a drawing) and as resolved against a layout (pieces
 * and the places their anchors must reach). Apart from goal.ts, which resolves them, so that goal-drawing.ts can name
 * them without the two importing each other.
 */
/** As callers write it: the piece by letter or by its current top-left cell, and the target top-left cell. */
export interface GoalSpec {
  piece: string | [number, number];
  at: [number, number];
}

/** A goal drawing: the board's rows with each goal piece's letter on its target cells (goal-drawing.ts). */
export interface GoalDrawing {
  drawing: string;
}

/** One goal piece's target: the piece (index into `layout.pieces`) and where its anchor must be. */
export interface GoalTarget {
  pieceIndex: number;
  row: number;
  col: number;
  /** Any piece of the letter of `pieceIndex` may fill it (a drawn B, V, H or S of which the board has several). */
  shared?: boolean;
}

export interface Goal {
  /** Index into `layout.pieces` (of the first goal piece). */
  pieceIndex: number;
  row: number;
  col: number;
  /** True when the caller did not give a goal. */
  isDefault: boolean;
  /** A goal drawing's pieces (the first is `pieceIndex`, `row`, `col`) and the drawing in canonical form. */
  targets?: GoalTarget[];
  drawing?: string;
}

/** A goal as callers give it: a piece to a cell, or a drawing. */
export type GoalInput = GoalSpec | GoalDrawing;
