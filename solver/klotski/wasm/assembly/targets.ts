/**
 * A goal of several pieces (a goal drawing), or of any of a letter's pieces: per target an engine class and the cell its
 * anchor must be at, solved when every target holds an anchor of its class. With none set (the usual single goal piece,
 * class 0 at the header's goal cell) the searches test that one bit instead.
 */
import { bit as bit128, isEmpty } from './board128';

let count: i32 = 0;
let pairs: usize = 0;

/** Sets the targets for the searches that follow: `n` (class, cell) pairs of i32 at `at`; 0 for the single goal piece. */
export function setTargets(at: usize, n: i32): void {
  pairs = at;
  count = n;
}

@inline export function targetCount(): i32 {
  return count;
}

/** Whether the 64-bit class masks at `masks`, with `moved` flipped in class c's (c = -1: none), hold every target. */
export function targetsMet64(masks: usize, c: i32, moved: u64): bool {
  for (let i = 0; i < count; i++) {
    const k = load<i32>(pairs + ((<usize>i) << 3));
    let m = load<u64>(masks + ((<usize>k) << 3));
    if (k == c) m ^= moved;
    if ((m & ((<u64>1) << (<u64>load<i32>(pairs + ((<usize>i) << 3), 4)))) == 0) return false;
  }
  return true;
}

/** `targetsMet64` on 128-bit class masks. */
@inline export function targetsMet128(masks: usize, c: i32, moved: v128): bool {
  for (let i = 0; i < count; i++) {
    const k = load<i32>(pairs + ((<usize>i) << 3));
    let m = v128.load(masks + ((<usize>k) << 4));
    if (k == c) m = v128.xor(m, moved);
    if (isEmpty(v128.and(m, bit128(load<i32>(pairs + ((<usize>i) << 3), 4))))) return false;
  }
  return true;
}
