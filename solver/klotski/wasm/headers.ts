/**
 * What the engine's adapter (engine.ts) writes into the engine's memory before a search: the board's tables in the
 * order the AssemblyScript reads them (board.ts `readBoard`, board128.ts `readBoard128`), the shapes' kinds, and the
 * work each search is charged.
 */
import type { Puzzle } from '../model/puzzle.ts';
import { toWideBitboard, type WideBitboard } from './board64.ts';
import { toMultiwordBitboard, type MultiwordBitboard } from './board128.ts';

/** Writes an array into the engine's memory and returns where. */
export type Put = (array: Int32Array | Uint32Array) => number;

/**
 * The engine's work per position expanded, per successor generated and per position stored, in the budget's units
 * (≈ 10 ns each): the formulas first calibrated for the TypeScript searches (on 64-bit masks 11 + 2K, 9 + 2K and
 * 9 + 2K for K piece classes; on 128-bit ones 20 + 8K, 11 + 2K and 6 + 2K), scaled to the engine's speed: ×0.4 and
 * ×0.47, so that the slowest boards found (5×5 and 6×6 in the move metric, 10×10 boards of soldiers) spend a budget of
 * 480,000 in about 4–4.5 ms warm (`npm run bench:edge`). A budget buys the engine the positions it can search in
 * that time, not those the TypeScript search could. (A model fitted per position, successor and stored position on
 * random boards let typical boards search longer but missed the soldier-filled 10×10 boards by half: not taken.)
 */
export function engineWork64(board: WideBitboard) {
  const K = board.classes;
  return scaled(11 + 2 * K, 9 + 2 * K, 9 + 2 * K, 0.4);
}

export function engineWork128(board: MultiwordBitboard) {
  const K = board.classes;
  return scaled(20 + 8 * K, 11 + 2 * K, 6 + 2 * K, 0.47);
}

function scaled(nodeWork: number, successorWork: number, insertWork: number, scale: number) {
  return { nodeWork: Math.ceil(nodeWork * scale), successorWork: Math.ceil(successorWork * scale), insertWork: Math.ceil(insertWork * scale) };
}

/** The work the engine charges per position expanded, successor and position stored on a board (up to 128 cells). */
export function engineWorkFor(puzzle: Puzzle, grid: Uint8Array): { nodeWork: number; successorWork: number; insertWork: number } | null {
  const board64 = toWideBitboard(puzzle, grid);
  if (board64) return engineWork64(board64);
  const board128 = toMultiwordBitboard(puzzle, grid);
  return board128 ? engineWork128(board128) : null;
}

/** The board's part of a 64-bit search's header, in the order board.ts `readBoard` reads it (masks as lo, hi). */
export function boardHeader(board: WideBitboard, code: number, put: Put): number[] {
  return [
    board.classes, board.cells, board.width, code, board.filler, board.rowSwaps,
    board.sides[0]!, board.sides[1]!, board.sides[2]!, board.sides[3]!, board.fullLo, board.fullHi,
    put(board.inBounds), put(board.cover), put(Int32Array.from(board.mirror)), put(board.zobrist), put(board.zobristMirror),
    put(board.neighbours), put(Int32Array.from(board.offsetStart)), put(Int32Array.from(board.offsets)), put(Int32Array.from(board.cellMirror)),
    put(Int32Array.from(board.mirrorShift)), board.lanes ? put(board.lanes) : 0,
  ];
}

/** The board's part of a 128-bit search's header, in the order board128.ts `readBoard128` reads it. */
export function boardHeader128(board: MultiwordBitboard, code: number, put: Put): number[] {
  const { cells, width } = board;
  // Per cell: the cell alone, and its neighbours (a step's targets); the columns' masks.
  const cellBits = new Int32Array(4 * cells);
  const stepTargets = new Int32Array(4 * cells);
  const columnMasks = new Int32Array(12);
  for (let p = 0; p < cells; p++) {
    cellBits[4 * p + (p >>> 5)] = 1 << (p & 31);
    for (let d = 0; d < 4; d++) {
      const n = board.neighbours[4 * p + d]!;
      if (n >= 0) stepTargets[4 * p + (n >>> 5)] = stepTargets[4 * p + (n >>> 5)]! | (1 << (n & 31));
    }
    if (p % width !== 0) columnMasks[p >>> 5] = columnMasks[p >>> 5]! | (1 << (p & 31));
    if (p % width !== width - 1) columnMasks[4 + (p >>> 5)] = columnMasks[4 + (p >>> 5)]! | (1 << (p & 31));
    columnMasks[8 + (p >>> 5)] = columnMasks[8 + (p >>> 5)]! | (1 << (p & 31));
  }
  // Per cell, its rays: the cells to its right, below, left and above it, to the board's edge.
  const rays = new Int32Array(16 * cells);
  for (let p = 0; p < cells; p++) {
    const setRay = (d: number, q: number) => (rays[16 * p + 4 * d + (q >>> 5)] = rays[16 * p + 4 * d + (q >>> 5)]! | (1 << (q & 31)));
    for (let q = p + 1; q % width !== 0; q++) setRay(0, q);
    for (let q = p + width; q < cells; q += width) setRay(1, q);
    for (let q = p - 1; q >= 0 && q % width !== width - 1; q--) setRay(2, q);
    for (let q = p - width; q >= 0; q -= width) setRay(3, q);
  }

  return [
    board.classes, cells, width, code, board.filler, put(board.inBounds), put(board.cover), put(Int32Array.from(board.mirror)),
    put(board.zobrist), put(board.zobristMirror), put(stepTargets), put(Int32Array.from(board.offsetStart)),
    put(Int32Array.from(board.offsets)), put(Int32Array.from(board.cellMirror)), put(cellBits), put(columnMasks), put(rays), put(cellsBelow()),
    board.lanes ? put(board.lanes) : 0,
  ];
}

/**
 * Shape kinds as the 64-bit searches want them: 2 one cell, 1 up to four (`quads`: offsets, missing ones repeat the
 * first), 0 larger.
 */
export function shapeKinds(board: WideBitboard): { kinds: Int32Array; quads: Int32Array } {
  const { classes: K, offsets, offsetStart } = board;
  const kinds = new Int32Array(K);
  const quads = new Int32Array(4 * K);
  for (let c = 0; c < K; c++) {
    const n = offsetStart[c + 1]! - offsetStart[c]!;
    kinds[c] = n === 1 ? 2 : n <= 4 ? 1 : 0;
    for (let i = 0; i < 4; i++) quads[4 * c + i] = offsets[offsetStart[c]! + (i < n ? i : 0)]!;
  }
  return { kinds, quads };
}

let below: Int32Array | null = null;
/** Per cell b (0 … 128), the cells below b as a 128-bit mask: the same on every board, built once. */
function cellsBelow(): Int32Array {
  if (!below) {
    below = new Int32Array(4 * 129);
    for (let b = 0; b <= 128; b++) for (let q = 0; q < b; q++) below[4 * b + (q >>> 5)] = below[4 * b + (q >>> 5)]! | (1 << (q & 31));
  }
  return below;
}

/** Writes an array into the engine's memory (16-byte aligned) and returns where. */
export function putter(wasm: { memory: WebAssembly.Memory; reserve(bytes: number): number }): Put {
  return (array) => {
    const at = wasm.reserve(array.byteLength);
    new Int32Array(wasm.memory.buffer, at, array.length).set(array);
    return at;
  };
}
