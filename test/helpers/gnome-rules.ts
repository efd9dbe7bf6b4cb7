/**
 * An independent reference for GNOME Klotski levels: breadth-first search on GNOME's own map under GNOME's own rules
 * (src/puzzle.vala: a piece steps into ' ', '.', its own cells, and '*' also into '-'; won when every '*' cell is on a
 * cell that was '.'), counting moves as GNOME does (one piece's consecutive steps are one move). Nothing of the
 * project's model: no tray, no board, no goal drawing; '*' walks out through the door to the targets. For small levels
 * only (the positions are kept as strings).
 */
import type { GnomeLevel } from '../../gallery/gnome-level-data.ts';

const STATIC = new Set(['#', ' ', '.', '-']);
const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;

export interface GnomeRulesResult {
  /** GNOME's minimum number of moves, or null when the targets cannot be reached (or maxStates was hit). */
  moves: number | null;
  states: number;
}

export function gnomeRulesMinimum(level: GnomeLevel, maxStates = 2_000_000): GnomeRulesResult {
  const { width, height, rows } = level;
  const cells = rows.join('');
  // What is under a piece when it leaves a cell: the map's static character there, else empty (as do_move_piece does).
  const ground = Array.from(cells, (ch) => (STATIC.has(ch) ? ch : ' '));
  const names = [...new Set(Array.from(cells).filter((ch) => !STATIC.has(ch)))];
  const shapes = names.map((name) => [...cells].flatMap((ch, i) => (ch === name ? [i] : [])));
  const star = names.indexOf('*');
  // A position: each piece's offset from its start, as (dr * 64 + dc) packed in a string of numbers.
  const start = names.map(() => 0);
  const cellOf = (i: number, offset: number) => {
    const dr = Math.round(offset / 64);
    const dc = offset - dr * 64;
    const r = Math.floor(i / width) + dr;
    const c = (i % width) + dc;
    return r < 0 || c < 0 || r >= height || c >= width ? -1 : r * width + c;
  };
  // Pieces of one shape (but '*') are alike: a position is each shape's set of cells, whichever piece is where.
  const shapeOf = (p: number) => shapes[p]!.map((i) => i - shapes[p]![0]!).join(' ');
  const classes = [...new Set(names.map((_, p) => (p === star ? '*' : shapeOf(p))))];
  const classOf = names.map((_, p) => classes.indexOf(p === star ? '*' : shapeOf(p)));
  const keyOf = (offsets: number[]) => classes.map((_, k) => offsets.flatMap((o, p) => (classOf[p] === k ? [cellOf(shapes[p]![0]!, o)] : [])).sort((a, b) => a - b).join(',')).join('|');
  const won = (offsets: number[]) => shapes[star]!.every((i) => ground[cellOf(i, offsets[star]!)] === '.');
  const seen = new Set([keyOf(start)]);
  let layer = [start];
  for (let moves = 0; layer.length > 0; moves++) {
    if (layer.some(won)) return { moves, states: seen.size };
    const next: number[][] = [];
    for (const offsets of layer) {
      const taken = new Set<number>();
      names.forEach((_, p) => shapes[p]!.forEach((i) => taken.add(cellOf(i, offsets[p]!))));
      for (let p = 0; p < names.length; p++) {
        const own = new Set(shapes[p]!.map((i) => cellOf(i, offsets[p]!)));
        const fits = (offset: number) => shapes[p]!.every((i) => {
          const at = cellOf(i, offset);
          if (at < 0 || (taken.has(at) && !own.has(at))) return false;
          return ground[at] === ' ' || ground[at] === '.' || (p === star && ground[at] === '-');
        });
        // Every place the piece reaches by its own steps, the others still: one move.
        const reached = new Set([offsets[p]!]);
        const queue = [offsets[p]!];
        for (let q = 0; q < queue.length; q++) {
          for (const [dr, dc] of STEPS) {
            const offset = queue[q]! + dr * 64 + dc;
            if (reached.has(offset) || !fits(offset)) continue;
            reached.add(offset);
            queue.push(offset);
            const moved = [...offsets];
            moved[p] = offset;
            const key = keyOf(moved);
            if (!seen.has(key)) {
              seen.add(key);
              next.push(moved);
            }
          }
        }
      }
      if (seen.size > maxStates) return { moves: null, states: seen.size };
    }
    layer = next;
  }
  return { moves: null, states: seen.size };
}
