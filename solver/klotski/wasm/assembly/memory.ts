/**
 * The engine's memory: one bump allocator, reset before each search. Nothing is freed during a search; a table that
 * grows takes new room and leaves the old behind, so a search uses at most about twice what it ends with. The
 * memory is kept for the next search.
 */
let top: usize = 0;

/** Forgets everything allocated (the loader calls it before writing a search's inputs). */
export function reset(): void {
  top = (__heap_base + 15) & ~(<usize>15);
}

/** `bytes` of memory, 16-byte aligned, contents unspecified; traps when the memory cannot grow. */
export function reserve(bytes: i32): usize {
  const at = top;
  top = (top + <usize>bytes + 15) & ~(<usize>15);
  const pages = <i32>((top + 0xffff) >>> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) unreachable();
  return at;
}

/** Gives back everything reserved from `at` on (a search's scratch, before its next reservations reuse the room). */
export function release(at: usize): void {
  top = at;
}
