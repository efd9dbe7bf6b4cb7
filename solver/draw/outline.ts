/**
 * Outlines of sets of cells — a piece of any shape, the cells of an irregular board — as closed polygons, in cell
 * units (x = column, y = row, y down). The site's board draws them as SVG paths with arcs (`outlinePath`), the link
 * previews and GIFs as polygons (`outlinePolygons`, the arcs cut into short segments), so every renderer draws the same
 * shape.
 */

/** A corner of an outline, [x, y]. */
export type Point = [number, number];

/**
 * The boundary of a set of cells ([row, col]) as closed contours of corners, in cell units: clockwise on screen (the
 * cells on the right of each edge) around the cells, counter-clockwise around any hole in them, so a nonzero fill
 * paints exactly the cells. Cells that touch only at a corner get contours of their own (they never pinch into one).
 */
export function cellOutline(cells: ReadonlyArray<readonly [number, number]>): Point[][] {
  const inside = new Set(cells.map(([r, c]) => `${r},${c}`));
  const has = (r: number, c: number) => inside.has(`${r},${c}`);
  // Every cell side with no cell beyond it, as a directed edge keeping the cell on its right (y down).
  const edges = new Map<string, Array<{ from: Point; to: Point }>>();
  const add = (from: Point, to: Point) => {
    const key = `${from[0]},${from[1]}`;
    edges.set(key, [...(edges.get(key) ?? []), { from, to }]);
  };
  for (const [r, c] of cells) {
    if (!has(r - 1, c)) add([c, r], [c + 1, r]);
    if (!has(r, c + 1)) add([c + 1, r], [c + 1, r + 1]);
    if (!has(r + 1, c)) add([c + 1, r + 1], [c, r + 1]);
    if (!has(r, c - 1)) add([c, r + 1], [c, r]);
  }
  const contours: Point[][] = [];
  for (;;) {
    const first = [...edges.values()].find((list) => list.length > 0)?.[0];
    if (!first) break;
    const walk: Array<{ from: Point; to: Point }> = [];
    for (let edge = first; ; ) {
      take(edges, edge);
      walk.push(edge);
      const next = edges.get(`${edge.to[0]},${edge.to[1]}`) ?? [];
      if (next.length === 0) break;
      // Two ways on (cells touching at a corner): turn right, staying with the cell this edge runs along.
      const dir = direction(edge);
      edge = next.find((e) => cross(dir, direction(e)) > 0) ?? next[0]!;
    }
    contours.push(corners(walk.map((e) => e.from)));
  }
  return contours;
}

function take(edges: Map<string, Array<{ from: Point; to: Point }>>, edge: { from: Point; to: Point }): void {
  const key = `${edge.from[0]},${edge.from[1]}`;
  edges.set(key, edges.get(key)!.filter((e) => e !== edge));
}

function direction(edge: { from: Point; to: Point }): Point {
  return [Math.sign(edge.to[0] - edge.from[0]), Math.sign(edge.to[1] - edge.from[1])];
}

/** z of the cross product: > 0 for a right turn on screen (y down), < 0 for a left one. */
function cross(a: Point, b: Point): number {
  return a[0] * b[1] - a[1] * b[0];
}

/** The points where a closed walk of unit edges turns (points along a straight run dropped). */
function corners(points: Point[]): Point[] {
  const n = points.length;
  return points.filter((p, i) => {
    const before = points[(i + n - 1) % n]!;
    const after = points[(i + 1) % n]!;
    return cross([p[0] - before[0], p[1] - before[1]], [after[0] - p[0], after[1] - p[1]]) !== 0;
  });
}

/**
 * Moves every edge of the contours `by` toward the cells (a negative `by` moves them away: a frame around a board).
 * Each corner moves along both its edges' inward normals, which keeps the edges straight and their corners square.
 */
export function insetOutline(contours: Point[][], by: number): Point[][] {
  return contours.map((points) =>
    points.map((p, i) => {
      const [din, dout] = turn(points, i);
      // The inward normal of an edge going (dx, dy) with the cells on its right (y down) is (-dy, dx).
      return [p[0] + by * (-din[1] - dout[1]), p[1] + by * (din[0] + dout[0])];
    }),
  );
}

/** The unit directions of the edges into and out of corner i. */
function turn(points: Point[], i: number): [Point, Point] {
  const n = points.length;
  const p = points[i]!;
  const before = points[(i + n - 1) % n]!;
  const after = points[(i + 1) % n]!;
  return [unit(before, p), unit(p, after)];
}

function unit(a: Point, b: Point): Point {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
}

/** Where corner i's rounding starts and ends, its centre, and whether it turns right (clockwise on screen). */
function arcAt(points: Point[], i: number, radius: number) {
  const [din, dout] = turn(points, i);
  const p = points[i]!;
  const start: Point = [p[0] - radius * din[0], p[1] - radius * din[1]];
  const end: Point = [p[0] + radius * dout[0], p[1] + radius * dout[1]];
  const centre: Point = [start[0] + radius * dout[0], start[1] + radius * dout[1]];
  return { start, end, centre, din, dout, clockwise: cross(din, dout) > 0 };
}

/** The rounding radius a contour takes: `radius`, but at most half its shortest edge (so arcs never overlap). */
function fitted(radius: number, points: Point[]): number {
  let shortest = Infinity;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    shortest = Math.min(shortest, Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  return Math.max(0, Math.min(radius, shortest / 2));
}

const fmt = (v: number) => String(Math.round(v * 10000) / 10000);

/** The contours as an SVG path (`d`), each corner rounded by a quarter circle of `radius`. */
export function outlinePath(contours: Point[][], radius = 0): string {
  return contours
    .map((points) => {
      const r = fitted(radius, points);
      if (r === 0) return `M${points.map((p) => `${fmt(p[0])} ${fmt(p[1])}`).join('L')}Z`;
      const parts = points.map((_, i) => {
        const arc = arcAt(points, i, r);
        return `${fmt(arc.start[0])} ${fmt(arc.start[1])}A${fmt(r)} ${fmt(r)} 0 0 ${arc.clockwise ? 1 : 0} ${fmt(arc.end[0])} ${fmt(arc.end[1])}`;
      });
      return `M${parts.join('L')}Z`;
    })
    .join('');
}

/**
 * The contours as polygons, each corner rounded by `radius` cut into `steps` segments, mapped to pixels by
 * `x * scale + dx`, `y * scale + dy`: flat [x0, y0, x1, y1, …] lists, as the rasteriser and a canvas take them.
 */
export function outlinePolygons(contours: Point[][], radius: number, scale = 1, dx = 0, dy = 0, steps = 6): number[][] {
  return contours.map((points) => {
    const r = fitted(radius, points);
    const out: number[] = [];
    const put = (p: Point) => out.push(p[0] * scale + dx, p[1] * scale + dy);
    points.forEach((p, i) => {
      if (r === 0) return put(p);
      const { centre, din, dout } = arcAt(points, i, r);
      // From the start (centre − r·dout) to the end (centre + r·din) along the quarter circle.
      for (let k = 0; k <= steps; k++) {
        const a = (k / steps) * (Math.PI / 2);
        put([centre[0] - r * dout[0] * Math.cos(a) + r * din[0] * Math.sin(a), centre[1] - r * dout[1] * Math.cos(a) + r * din[1] * Math.sin(a)]);
      }
    });
    return out;
  });
}

/**
 * The cell to write a piece's name in: the one nearest the middle of its cells (the corner of an L, the centre of a
 * plus), the first in reading order on a tie; so the label sits inside the piece, never in a notch.
 */
export function labelCell(cells: ReadonlyArray<readonly [number, number]>): [number, number] {
  const mr = cells.reduce((s, [r]) => s + r + 0.5, 0) / cells.length;
  const mc = cells.reduce((s, [, c]) => s + c + 0.5, 0) / cells.length;
  let best = cells[0]!;
  let bestDistance = Infinity;
  for (const cell of cells) {
    const d = Math.hypot(cell[0] + 0.5 - mr, cell[1] + 0.5 - mc);
    if (d < bestDistance - 1e-9) {
      best = cell;
      bestDistance = d;
    }
  }
  return [best[0], best[1]];
}
