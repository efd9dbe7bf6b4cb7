/** One entry for any code: Klotski (letters) or 数字华容道 tiles (digits), as a drawable Layout plus its canonical code. */
import { formatLayout, parseLayout } from './klotski/model/codec.ts';
import type { Parsed } from './shared/errors.ts';
import type { Layout } from './klotski/model/layout.ts';
import type { Move } from './klotski/model/moves.ts';
import { formatTiles, isTilesCode, parseTiles, tilesToLayout } from './tiles/codec.ts';

export interface PuzzleCode {
  kind: 'klotski' | 'tiles';
  /** Tiles boards become 1×1 pieces lettered by tile number. */
  layout: Layout;
  canonical: string;
}

export function parsePuzzleCode(code: string): Parsed<PuzzleCode> {
  if (isTilesCode(code)) {
    const r = parseTiles(code);
    return r.ok ? { ok: true, value: { kind: 'tiles', layout: tilesToLayout(r.value), canonical: formatTiles(r.value) } } : r;
  }
  const r = parseLayout(code);
  return r.ok ? { ok: true, value: { kind: 'klotski', layout: r.value, canonical: formatLayout(r.value) } } : r;
}

/** Tiles moves that slide a run (straight metric) as one-tile moves, for players that move one piece at a time. */
export function unitMoves(moves: Move[]): Move[] {
  return moves.flatMap((m) => {
    const out: Move[] = [];
    for (let i = m.path.length - 2; i >= 0; i--) out.push({ from: m.path[i]!, to: m.path[i + 1]!, path: [m.path[i]!, m.path[i + 1]!] });
    return out;
  });
}

/** One-tile moves available on a tiles layout: each tile next to the blank slides into it. */
export function tileMoves(layout: Layout): Move[] {
  const covered = new Set(layout.pieces.map((p) => p.row * layout.width + p.col));
  let blank = 0;
  while (covered.has(blank)) blank++;
  const br = Math.floor(blank / layout.width);
  const bc = blank % layout.width;
  return layout.pieces
    .filter((p) => Math.abs(p.row - br) + Math.abs(p.col - bc) === 1)
    .map((p) => ({ from: [p.row, p.col], to: [br, bc], path: [[p.row, p.col], [br, bc]] }));
}
