/**
 * What the editor's parts (board input, tools, goal mode, tiles) share: the board, the state shown, and the ways to
 * change it. editor/editor.ts makes the one instance.
 */
import type { Layout, TilesBoard } from '../../solver/index.ts';
import type { BoardView } from '../board/view.ts';
import type { Target } from './goals.ts';

/** The editor's tools: a rectangle to place, a piece of any shape to paint, erase, cut holes, set the goal. */
export type Tool = 'B' | 'V' | 'H' | 'S' | 'shape' | 'erase' | 'hole' | 'goal';

/** How a part of the validation line reads: the layout is valid, something is wrong, or a step is under way. */
export type SayTone = 'ok' | 'error' | 'progress';
export interface SayPart {
  text: () => string;
  tone: SayTone;
}

export interface EditorContext {
  readonly board: BoardView;
  /** The Klotski layout shown (the last valid one while a typed code does not parse). */
  readonly layout: Layout;
  /** 数字华容道 mode when set. */
  readonly tiles: TilesBoard | null;
  /** The goal's targets (none: the default goal). */
  readonly targets: readonly Target[];
  /** The layout's own state, as the validation line says it: valid (and its goal), or its problem. */
  readonly state: { text: () => string; invalid: boolean };
  /** Shows `next` as the editor's layout, with `targets` as its goal (the ones that still hold; default: the goal now). */
  show(next: Layout, targets?: readonly Target[]): void;
  showTiles(next: TilesBoard): void;
  /**
   * Writes the live validation line; a language switch writes it again from `text`. `invalid`: true for an error
   * (red), false for a valid layout, or a tone ('progress': a step under way, in the text's own colour).
   */
  say(text: () => string, invalid: boolean | SayTone): void;
  /** Says a step (what was done, or what to do next) as progress, with the layout's state after it (or before it) in its own tone. */
  sayStep(step: () => string, stateFirst?: boolean): void;
  /** Records the state before a change (call it, then change): one step of Undo. */
  remember(): void;
}
