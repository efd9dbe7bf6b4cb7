/**
 * The solution page's address: the puzzle code, metric and opening move read from it, and the address written back
 * as the board moves (so a copied link opens where the player is) or for a replay of your line.
 */
import { encodeMoves, formatTiles, tileNumber, type Layout, type Metric, type Move } from '../../solver/index.ts';
import { codeFromPath } from '../shared/path-code.ts';

const METRICS: Metric[] = ['move', 'straight', 'step'];

/** The code in the address; a malformed %-escape stays as typed, so the page says what is wrong with it. */
export function codeFromAddress(): string {
  const read = codeFromPath('/s/');
  return 'code' in read ? read.code : location.pathname.slice('/s/'.length);
}

export function metricFromUrl(): Metric {
  const m = new URLSearchParams(location.search).get('metric');
  return METRICS.includes(m as Metric) ? (m as Metric) : 'move';
}

/** The move a link asks to open at: `?at=N`, or `?start=N` as the iframe spells it; 0 when absent or not a count. */
export function moveFromUrl(): number {
  const params = new URL(location.href).searchParams;
  const n = Number(params.get('at') ?? params.get('start') ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * The address for the board at move `at`: on the solution, the page's own path (`startPath`) with ?at=N; on your
 * own line (`ownCode`, the position's code), the position itself.
 */
export function boardAddress(startPath: string, at: number, ownCode: string | null): URL {
  const url = new URL(location.href);
  url.searchParams.delete('start');
  url.searchParams.delete('line');
  if (ownCode !== null) {
    url.pathname = `/s/${ownCode}`;
    url.searchParams.delete('at');
  } else {
    url.pathname = startPath;
    if (at > 0) url.searchParams.set('at', String(at));
    else url.searchParams.delete('at');
  }
  return url;
}

/** A link (path and query) that replays `moves` from the start of the page at `startPath`. */
export function replayPath(startPath: string, moves: Move[], width: number): string {
  const url = new URL(startPath, location.origin);
  url.search = new URL(location.href).search;
  url.searchParams.delete('at');
  url.searchParams.delete('start');
  url.searchParams.set('line', encodeMoves(moves, width));
  return url.pathname + url.search;
}

/** Tiles code of a layout of 1×1 lettered pieces (the page's code for a tiles position). */
export function tilesCode(layout: Layout): string {
  const cells = new Uint8Array(layout.width * layout.height);
  for (const p of layout.pieces) cells[p.row * layout.width + p.col] = tileNumber(p.letter);
  return formatTiles({ width: layout.width, height: layout.height, cells });
}
