/**
 * The editor's 数字华容道 mode: a click on a tile next to the blank slides it, a click on two other tiles swaps them;
 * Shuffle deals a solvable board (of the size asked for, up to 6×6), Solved tiles puts them in order.
 */
import { parityInvariant, solvedTiles, type TilesBoard } from '../../solver/index.ts';
import type { EditorContext } from './context.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The size asked for in the width and height fields, within the tiles' 2 to 6 (`fallback` for an empty field). */
export function tilesSize(fallback: number): [number, number] {
  const side = (id: string) => Math.min(6, Math.max(2, Number($<HTMLInputElement>(id).value) || fallback));
  return [side('width'), side('height')];
}

function shuffle(width: number, height: number): TilesBoard {
  const n = width * height;
  const cells = Uint8Array.from({ length: n }, (_, i) => (i + 1) % n);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  const next = { width, height, cells };
  if (parityInvariant(next) !== parityInvariant(solvedTiles(width, height))) {
    // Swapping two tiles (not the blank) flips the parity.
    const [a, b] = [...cells.keys()].filter((i) => cells[i] !== 0);
    [cells[a!], cells[b!]] = [cells[b!]!, cells[a!]!];
  }
  return next;
}

/** Wires the tiles' buttons; the returned function takes a click on the board's cell index `p` in tiles mode. */
export function setupTiles(ctx: EditorContext): (p: number) => void {
  let picked: number | null = null;

  $('tiles-shuffle').addEventListener('click', () => {
    // From a Klotski board of the classic size, a 15-puzzle.
    const [w, h] = tilesSize(4);
    const [width, height] = ctx.tiles ? [ctx.tiles.width, ctx.tiles.height] : w === 4 && h === 5 ? [4, 4] : [w, h];
    ctx.remember();
    ctx.showTiles(shuffle(width, height));
  });
  $('tiles-solved').addEventListener('click', () => {
    ctx.remember();
    ctx.showTiles(solvedTiles(ctx.tiles?.width ?? 3, ctx.tiles?.height ?? 3));
  });

  return (p: number) => {
    const tiles = ctx.tiles!;
    const cells = Uint8Array.from(tiles.cells);
    const blank = cells.indexOf(0);
    const w = tiles.width;
    const adjacent = Math.abs(Math.floor(p / w) - Math.floor(blank / w)) + Math.abs((p % w) - (blank % w)) === 1;
    if (picked === null && adjacent) {
      cells[blank] = cells[p]!;
      cells[p] = 0;
    } else if (picked === null) {
      picked = p;
      ctx.board.highlight([[Math.floor(p / w), p % w]], 'selected');
      return;
    } else {
      [cells[picked], cells[p]] = [cells[p]!, cells[picked]!];
      picked = null;
      ctx.board.clearHighlight('selected');
    }
    ctx.remember();
    ctx.showTiles({ ...tiles, cells });
  };
}
