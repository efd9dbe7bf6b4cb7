/**
 * Outlines of sets of cells (solver/draw/outline.ts): filled nonzero, a shape's contours cover exactly its cells (an
 * L's notch, a ring's hole and the gap between cells touching at a corner stay out); moved in by d, an outline loses
 * the strip along its edges; rounded corners stay within the corners they round; a label goes in a cell of the piece.
 */
import { describe, expect, it } from 'vitest';
import { cellOutline, insetOutline, labelCell, outlinePath, outlinePolygons, type Point } from '../../../solver/draw/outline.ts';

type Cells = Array<[number, number]>;

/** Cells from rows of '#' and '.' (row, col). */
function cells(...rows: string[]): Cells {
  return rows.flatMap((row, r) => [...row].flatMap((ch, c) => (ch === '#' ? [[r, c] as [number, number]] : [])));
}

/** Winding number of the contours around (x, y): nonzero inside. */
function winding(contours: Point[][], x: number, y: number): number {
  let wn = 0;
  for (const points of contours) {
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i]!;
      const [x1, y1] = points[(i + 1) % points.length]!;
      const side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
      if (y0 <= y && y1 > y && side > 0) wn++;
      else if (y0 > y && y1 <= y && side < 0) wn--;
    }
  }
  return wn;
}

/** Signed area (shoelace; positive for clockwise on screen, y down). */
function area(contours: Point[][]): number {
  let sum = 0;
  for (const points of contours) {
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i]!;
      const [x1, y1] = points[(i + 1) % points.length]!;
      sum += x0 * y1 - x1 * y0;
    }
  }
  return sum / 2;
}

const SHAPES: Record<string, string[]> = {
  L: ['.#', '##'],
  plus: ['.#.', '###', '.#.'],
  U: ['#.#', '###'],
  ring: ['###', '#.#', '###'],
  apart: ['#..', '..#'],
  corners: ['#.', '.#'],
};

describe('cellOutline', () => {
  for (const [name, rows] of Object.entries(SHAPES)) {
    it(`covers exactly the cells of ${name}`, () => {
      const shape = cells(...rows);
      const outline = cellOutline(shape);
      expect(area(outline)).toBeCloseTo(shape.length, 9);
      for (let r = 0; r < rows.length; r++) {
        for (let c = 0; c < rows[0]!.length; c++) {
          const inside = shape.some(([sr, sc]) => sr === r && sc === c);
          expect(winding(outline, c + 0.5, r + 0.5) !== 0, `cell ${r},${c} of ${name}`).toBe(inside);
        }
      }
    });
  }

  it('gives corners only (straight runs merged), clockwise around cells and the other way around a hole', () => {
    expect(cellOutline(cells('.#', '##'))).toEqual([[[1, 0], [2, 0], [2, 2], [0, 2], [0, 1], [1, 1]]]);
    const [outer, hole] = cellOutline(cells(...SHAPES.ring!));
    expect(outer).toHaveLength(4);
    expect(area([outer!])).toBe(9);
    expect(area([hole!])).toBe(-1);
  });

  it('keeps cells that touch at a corner in contours of their own', () => {
    const outline = cellOutline(cells('#.', '.#'));
    expect(outline).toHaveLength(2);
    expect(outline.map((c) => area([c]))).toEqual([1, 1]);
  });
});

describe('insetOutline', () => {
  it('moves every edge in by d: an L loses the strip along its 8 edges (area 3 − 8d + 4d²)', () => {
    const d = 0.1;
    const inset = insetOutline(cellOutline(cells('.#', '##')), d);
    expect(area(inset)).toBeCloseTo(3 - 8 * d + (5 - 1) * d * d, 9);
    expect(winding(inset, 1.5, 0.05)).toBe(0); // within d of the top edge: now outside
    expect(winding(inset, 1.5, 0.15)).not.toBe(0);
    // Along the notch's edges too: within d of them is outside now, a little farther is inside.
    expect(winding(inset, 0.5, 1.05)).toBe(0);
    expect(winding(inset, 0.5, 1.15)).not.toBe(0);
    expect(winding(inset, 0.95, 0.5)).toBe(0);
    expect(winding(inset, 1.15, 0.5)).not.toBe(0);
  });

  it('moves them out for a negative d (a frame around a board), and a hole shrinks', () => {
    const framed = insetOutline(cellOutline(cells(...SHAPES.ring!)), -0.2);
    expect(area(framed)).toBeCloseTo(3.4 * 3.4 - 0.6 * 0.6, 9);
  });
});

describe('outlinePath and outlinePolygons', () => {
  it('writes a square as a path, with quarter arcs when rounded', () => {
    expect(outlinePath(cellOutline([[0, 0]]))).toBe('M0 0L1 0L1 1L0 1Z');
    expect(outlinePath(cellOutline([[0, 0]]), 0.25)).toBe('M0 0.25A0.25 0.25 0 0 1 0.25 0L0.75 0A0.25 0.25 0 0 1 1 0.25L1 0.75A0.25 0.25 0 0 1 0.75 1L0.25 1A0.25 0.25 0 0 1 0 0.75Z');
    // The L's inner corner turns the other way.
    expect(outlinePath(cellOutline(cells('.#', '##')), 0.1)).toContain('A0.1 0.1 0 0 0 ');
  });

  it('rounds corners within the shape: a rounded square loses (4 − π)·r² at most, and nothing outside', () => {
    const r = 0.3;
    const [polygon] = outlinePolygons(cellOutline([[0, 0]]), r, 10, 100, 200);
    const points: Point[] = Array.from({ length: polygon!.length / 2 }, (_, i) => [polygon![2 * i]!, polygon![2 * i + 1]!]);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(100 - 1e-9);
      expect(x).toBeLessThanOrEqual(110 + 1e-9);
      expect(y).toBeGreaterThanOrEqual(200 - 1e-9);
      expect(y).toBeLessThanOrEqual(210 + 1e-9);
    }
    const a = area([points]);
    expect(a).toBeLessThan(100);
    expect(a).toBeGreaterThan(100 - (4 - Math.PI) * 9 - 0.5);
  });

  it('never rounds by more than half the shortest edge', () => {
    expect(outlinePath(cellOutline([[0, 0]]), 5)).toContain('A0.5 0.5 ');
  });
});

describe('labelCell', () => {
  it('picks the cell nearest the middle: the corner of an L, the centre of a plus, never a notch', () => {
    expect(labelCell([[0, 3], [0, 4], [1, 4]])).toEqual([0, 4]);
    expect(labelCell(cells(...SHAPES.plus!))).toEqual([1, 1]);
    expect(labelCell(cells(...SHAPES.U!))).toEqual([1, 1]);
    // A ring's middle is its hole: a cell of the ring, first in reading order of the nearest.
    expect(labelCell(cells(...SHAPES.ring!))).toEqual([0, 1]);
  });
});
