/**
 * Piece mixes of the 4×5 board and the perfect ranking of positions within one mix.
 *
 * A mix is one 2×2 block, `v` vertical and `h` horizontal generals, `s` soldiers and two empty cells (the classic
 * board: 4 + 2v + 2h + s = 18, 36 mixes) or three (4 + 2v + 2h + s = 17, 28 mixes; the soldier count tells the two
 * apart). A position is numbered by the block's place (12) times the rank of the reading-order sequence of the other
 * units — piece top-lefts and empty cells — as a permutation of a multiset (E < V < H < S). Sequences that do not fit
 * the board are unused numbers.
 */

export interface Mix {
  /** 0…35 with two empty cells, then 36…63 with three; each in order of (v + h, v). */
  id: number;
  vertical: number;
  horizontal: number;
  soldiers: number;
  /** Empty cells: 2 or 3. */
  empty: number;
  /** Arrangements of the units: (v + h + s + e)! / (v! h! s! e!). */
  sequences: number;
  /** BLOCK_PLACES × sequences: the numbers used by this mix's table. */
  size: number;
}

/** The empty-cell counts the tablebase covers. */
export const EMPTY_COUNTS = [2, 3] as const;
/** Unit symbols in ranking order. */
export const UNIT_EMPTY = 0;
export const UNIT_V = 1;
export const UNIT_H = 2;
export const UNIT_S = 3;

/** Remaining-counts state: ((e * 8 + v) * 8 + h) * 15 + s; a unit of each symbol subtracts its stride. */
export const STRIDE = [8 * 8 * 15, 8 * 15, 15, 1] as const;
const STATES = 4 * 8 * 8 * 15;

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

function multinomial(e: number, v: number, h: number, s: number): number {
  return factorial(e + v + h + s) / (factorial(e) * factorial(v) * factorial(h) * factorial(s));
}

/** `below[state * 4 + u]`: how many sequences of the remaining units start with a symbol smaller than u. */
export const below = new Uint32Array(STATES * 4);
/** `remaining[state * 4 + u]`: how many units of symbol u are left. */
export const remaining = new Uint8Array(STATES * 4);
for (let e = 0; e <= 3; e++) {
  for (let v = 0; v < 8; v++) {
    for (let h = 0; h < 8; h++) {
      for (let s = 0; s < 15; s++) {
        const state = ((e * 8 + v) * 8 + h) * 15 + s;
        const counts = [e, v, h, s];
        let acc = 0;
        for (let u = 0; u < 4; u++) remaining[state * 4 + u] = counts[u]!;
        for (let u = 0; u < 4; u++) {
          below[state * 4 + u] = acc;
          if (counts[u]! > 0) {
            const rest = [...counts];
            rest[u]!--;
            acc += multinomial(rest[0]!, rest[1]!, rest[2]!, rest[3]!);
          }
        }
      }
    }
  }
}

export const MIXES: readonly Mix[] = (() => {
  const mixes: Mix[] = [];
  for (const empty of EMPTY_COUNTS) {
    // The 16 cells around the block hold the generals (2 each), the soldiers and the empty cells.
    for (let generals = 0; 2 * generals + empty <= 16; generals++) {
      for (let vertical = generals; vertical >= 0; vertical--) {
        const horizontal = generals - vertical;
        const soldiers = 16 - empty - 2 * generals;
        const sequences = multinomial(empty, vertical, horizontal, soldiers);
        mixes.push({ id: mixes.length, vertical, horizontal, soldiers, empty, sequences, size: 12 * sequences });
      }
    }
  }
  return mixes;
})();

/** The mix with these counts, or undefined when they do not make a classic position. */
export function findMix(vertical: number, horizontal: number, soldiers: number): Mix | undefined {
  return MIXES.find((m) => m.vertical === vertical && m.horizontal === horizontal && m.soldiers === soldiers);
}

/** The remaining-counts state of a whole mix (before any unit is placed). */
export function startState(mix: Mix): number {
  return ((mix.empty * 8 + mix.vertical) * 8 + mix.horizontal) * 15 + mix.soldiers;
}

/** File-name tag of a mix: `v4h1` with two empty cells, `v4h1e3` with three (the soldiers follow). */
export function mixTag(mix: Mix): string {
  return `v${mix.vertical}h${mix.horizontal}${mix.empty === 2 ? '' : `e${mix.empty}`}`;
}
