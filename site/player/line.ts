/**
 * A line of moves loaded in the player: every position along it, and which start piece each piece is, so a piece
 * keeps its name through the line (soldier 3 stays soldier 3 on the board, in the move list and in what is said).
 */
import { movePiece, pieceNames, tileNumber, type Layout, type Move, type PieceName } from '../../solver/index.ts';
import type { Lang } from '../shared/i18n.ts';

export class PlayerLine {
  readonly moves: Move[];
  /** The start and the position after each move. */
  readonly positions: Layout[];
  /** For each position, which start piece each (sorted) piece is. */
  private readonly identities: number[][];
  /** The start pieces' names; null for tiles, which are named by their numbers. */
  private readonly startNames: PieceName[] | null;
  private readonly tiles: boolean;

  constructor(start: Layout, moves: Move[], tiles: boolean) {
    this.tiles = tiles;
    this.moves = moves;
    this.positions = [structuredClone(start)];
    for (const m of moves) this.positions.push(movePiece(this.positions[this.positions.length - 1]!, m.from, m.to));
    this.identities = trackIdentities(this.positions, moves);
    this.startNames = tiles ? null : pieceNames(this.positions[0]!);
  }

  /** The board's names for the pieces of position i, by identity (undefined for tiles). */
  namesAt(i: number): PieceName[] | undefined {
    return this.startNames ? this.identities[i]!.map((id) => this.startNames![id]!) : undefined;
  }

  /** Every position of the line with each piece's board label in `lang` (kept through the line by identity). */
  frames(lang: Lang = 'zh'): Array<{ layout: Layout; names: string[] | null }> {
    return this.positions.map((layout, i) => ({
      layout,
      names: this.startNames ? this.identities[i]!.map((id) => this.startNames![id]![lang]) : null,
    }));
  }

  /**
   * Name of the piece with its top-left at `cell` in position i, in `lang` — the board's label, so list, hints, board
   * and what a screen reader says agree ("兵3" / "soldier 3"); a tile's number.
   */
  nameAt(i: number, cell: readonly [number, number], lang: Lang): string {
    const before = this.positions[i]!;
    const pieceIndex = before.pieces.findIndex((p) => p.row === cell[0] && p.col === cell[1]);
    if (this.startNames) return this.startNames[this.identities[i]![pieceIndex]!]![lang];
    const letter = before.pieces[pieceIndex]?.letter ?? '?';
    return this.tiles ? String(tileNumber(letter)) : letter;
  }

  /** Name of the piece that move i moves, as the board labels it. */
  moverName(i: number, lang: Lang): string {
    return this.nameAt(i, this.moves[i]!.from, lang);
  }
}

/** A move's path as arrows, one a cell: "←", "↓↓", "←↓". */
export function arrows(m: Move): string {
  let out = '';
  for (let i = 1; i < m.path.length; i++) {
    const dr = m.path[i]![0] - m.path[i - 1]![0];
    const dc = m.path[i]![1] - m.path[i - 1]![1];
    out += dr < 0 ? '↑' : dr > 0 ? '↓' : dc < 0 ? '←' : '→';
  }
  return out;
}

/** For each position of a solution, which start piece each (sorted) piece is. */
function trackIdentities(positions: Layout[], moves: Move[]): number[][] {
  let ids = positions[0]!.pieces.map((_, i) => i);
  const out = [ids];
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i]!;
    const byCell = new Map(positions[i]!.pieces.map((p, k) => [`${p.row},${p.col}`, ids[k]!]));
    const moved = byCell.get(`${m.from[0]},${m.from[1]}`)!;
    byCell.delete(`${m.from[0]},${m.from[1]}`);
    byCell.set(`${m.to[0]},${m.to[1]}`, moved);
    ids = positions[i + 1]!.pieces.map((p) => byCell.get(`${p.row},${p.col}`)!);
    out.push(ids);
  }
  return out;
}
