/**
 * Roving focus (WAI-ARIA's "roving tabindex"): a group of elements is one Tab stop — the one with tabIndex 0, the
 * others −1 — and the arrow keys move the focus within it. Here the group is a board's pieces (or a picked piece's
 * targets), so the nearest element in the arrow's direction is picked by where the elements are drawn.
 */

/** Makes `current` the group's one Tab stop. */
export function setRovingStop(group: readonly HTMLElement[], current: HTMLElement | undefined): void {
  const stop = current && group.includes(current) ? current : group[0];
  for (const el of group) el.tabIndex = el === stop ? 0 : -1;
}

/**
 * The element of `group` nearest to `from` in the direction (dRow, dCol), or null when none lies that way: the nearest
 * of those in line with it (overlapping its rows for left and right, its columns for up and down), else the nearest
 * ahead, sideways offset counting twice.
 */
export function nearestInDirection(from: HTMLElement, group: readonly HTMLElement[], [dRow, dCol]: readonly [number, number]): HTMLElement | null {
  const a = from.getBoundingClientRect();
  let best: HTMLElement | null = null;
  let bestScore = Infinity;
  for (const el of group) {
    if (el === from) continue;
    const b = el.getBoundingClientRect();
    const along = (b.left + b.width / 2 - (a.left + a.width / 2)) * dCol + (b.top + b.height / 2 - (a.top + a.height / 2)) * dRow;
    if (along <= 1) continue;
    const sideways = dRow !== 0 ? Math.abs(b.left + b.width / 2 - (a.left + a.width / 2)) : Math.abs(b.top + b.height / 2 - (a.top + a.height / 2));
    const inLine = dRow !== 0 ? b.left < a.right - 1 && b.right > a.left + 1 : b.top < a.bottom - 1 && b.bottom > a.top + 1;
    const score = inLine ? along : 1e6 + along + 2 * sideways;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

/** Moves the focus (and the group's Tab stop) from `from` to the nearest element that way; false when there is none. */
export function moveFocus(from: HTMLElement, group: readonly HTMLElement[], direction: readonly [number, number]): boolean {
  const next = nearestInDirection(from, group, direction);
  if (!next) return false;
  setRovingStop(group, next);
  next.focus();
  return true;
}
