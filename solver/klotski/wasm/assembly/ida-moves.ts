/** IDA*'s move stack (ida.ts), shared by all depths: (class, from, to), three i32 each, filled by ida-masks64/128.ts. */
import { reserve } from './memory';

export let moves: usize = 0;
let capacity: i32 = 0;

/** A fresh stack (the engine's memory was reset). */
export function newMoves(): void {
  capacity = 3 * 4096;
  moves = reserve(capacity << 2);
}

/** Writes a move at `end` (growing the stack when full) and returns the new end. */
@inline export function pushMove(end: i32, c: i32, p: i32, q: i32): i32 {
  if (end + 3 > capacity) grow();
  const entry = moves + ((<usize>end) << 2);
  store<i32>(entry, c);
  store<i32>(entry, p, 4);
  store<i32>(entry, q, 8);
  return end + 3;
}

function grow(): void {
  const more = reserve(capacity << 3);
  memory.copy(more, moves, (<usize>capacity) << 2);
  moves = more;
  capacity *= 2;
}
