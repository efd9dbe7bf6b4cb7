/**
 * The player's keyboard shortcuts: ← and → step, Space plays or pauses, Home and End jump to the start and the end —
 * only when no other control wants the key.
 */

const SHORTCUTS: Record<string, string> = { ArrowLeft: 'back', ArrowRight: 'forward', ' ': 'play', Home: 'start', End: 'end' };

/**
 * The player action a key press asks for (one of Player.act's), or null when the key is not the player's: `root` is
 * the player, `scrubber` its range input (the one field whose arrow keys the player takes).
 */
export function shortcutAction(e: KeyboardEvent, root: HTMLElement, scrubber: HTMLElement): string | null {
  const target = e.target as HTMLElement | null;
  // Shortcuts act only when the player or the page itself has focus, and a focused control always keeps its own
  // keys: Space and Enter press a focused button (here or elsewhere), fields keep every key, and outside the player
  // nothing is taken (Home/End scroll the page from a focused link).
  if (target && target !== document.body && target !== document.documentElement && !root.contains(target)) return null;
  // A piece or a target in play mode has focus: its keys move pieces, not the replay.
  if (target?.closest('.piece, .cell-mark')) return null;
  const control = target?.closest<HTMLElement>('button, a, input, select, textarea, summary, [contenteditable]');
  if (control && control !== scrubber) {
    const pressable = control.tagName === 'BUTTON' || control.tagName === 'A' || control.tagName === 'SUMMARY';
    if (!pressable || e.key === ' ' || e.key === 'Enter') return null;
  }
  return SHORTCUTS[e.key] ?? null;
}
