/**
 * Which pieces are interchangeable: pieces of one shape, whatever their letters, unless the goal names them. A goal
 * names a piece alone (`B@3,1`, a drawing's piece of a letter of its own: never interchangeable with anything) or a
 * letter of several pieces (a drawing's targets any of them may fill: interchangeable among themselves only). So
 * `CDE` with E in a goal has C and D, two equal squares, in one class: a search stores half the positions it would
 * if letters kept them apart (k! times fewer for k such pieces). Lengths do not change; the count of positions does.
 */
import { formatLayout, parseLayout } from './codec.ts';
import type { Goal } from './goal.ts';
import { shapeOf, type Layout, type Piece } from './layout.ts';

/** The key of a piece's class among the pieces the goal does not name alone: its shape, and its letter if named. */
export function classKeyOf(goal: Goal, layout: Layout): (p: Piece) => string {
  const named = new Set((goal.targets ?? []).filter((t) => t.shared).map((t) => layout.pieces[t.pieceIndex]!.letter));
  return (p) => `${named.has(p.letter) ? p.letter : '*'}:${p.width}x${p.height}:${shapeOf(p).join(';')}`;
}

/** Pieces the goal names alone (by index), which are classes of their own. */
export function namedAlone(goal: Goal): Set<number> {
  return new Set((goal.targets ?? [{ pieceIndex: goal.pieceIndex, shared: false }]).filter((t) => !t.shared).map((t) => t.pieceIndex));
}

/**
 * The layout with the letters of each class of interchangeable pieces handed out again in reading order, sorted: two
 * layouts that differ only in which of them sits where read the same (the cache key). Pieces keep their order (a
 * goal's piece indices stay valid). Where letters handed out again would read back as other pieces (a custom letter
 * next to itself), the layout is kept as it is.
 */
export function relabelInterchangeable(layout: Layout, goal: Goal): Layout {
  const keyOf = classKeyOf(goal, layout);
  const alone = namedAlone(goal);
  const groups = new Map<string, number[]>();
  layout.pieces.forEach((p, i) => {
    if (alone.has(i)) return;
    const key = keyOf(p);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const pieces = layout.pieces.slice();
  let changed = false;
  for (const members of groups.values()) {
    const letters = members.map((i) => layout.pieces[i]!.letter);
    if (new Set(letters).size < 2) continue;
    const order = members.slice().sort((a, b) => layout.pieces[a]!.row - layout.pieces[b]!.row || layout.pieces[a]!.col - layout.pieces[b]!.col);
    const sorted = letters.slice().sort();
    order.forEach((i, k) => {
      if (pieces[i]!.letter !== sorted[k]) changed = true;
      pieces[i] = { ...pieces[i]!, letter: sorted[k]! };
    });
  }
  if (!changed) return layout;
  const relabelled = { ...layout, pieces };
  const back = parseLayout(formatLayout(relabelled));
  return back.ok && back.value.pieces.length === layout.pieces.length ? relabelled : layout;
}
