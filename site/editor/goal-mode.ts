/**
 * The editor's Goal tool: pick a piece, then its place (board/goal-picker.ts), as often as wanted — each piece picked gets
 * one place, a piece picked again moves its place, places never overlap. The ghosts show them on the board and a list
 * beside it names them, each with a button that removes it. Choosing another tool, or Escape, ends it.
 */
import { pieceAt } from '../../solver/index.ts';
import type { EditorContext } from './context.ts';
import { placeIsFree, withoutTarget, withTarget, type Target } from './goals.ts';
import { GoalPicker } from '../board/goal-picker.ts';
import { t } from '../shared/i18n.ts';

/** A cross drawn as two strokes (not a character: some fonts have no ✕). */
function crossIcon(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 10 10');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M2 2 8 8M8 2 2 8');
  svg.append(path);
  return svg;
}

const cellText = ([r, c]: readonly [number, number]) => `(${r + 1}, ${c + 1})`;

export class GoalMode {
  private readonly ctx: EditorContext;
  private readonly picker: GoalPicker;
  private readonly list: HTMLElement;
  private on = false;

  /** `list` holds the targets' list; `ended` is told when Escape ends the mode (to go back to the tool before it). */
  constructor(ctx: EditorContext, list: HTMLElement, ended: () => void) {
    this.ctx = ctx;
    this.list = list;
    this.picker = new GoalPicker(ctx.board, {
      // What to do next, after the layout's own state (so a problem with it stays in view).
      say: (text) => ctx.sayStep(text, true),
      done: (chosen) => {
        const piece = pieceAt(ctx.layout, chosen.piece[0], chosen.piece[1])!;
        ctx.remember();
        ctx.show(ctx.layout, withTarget(ctx.targets, { letter: piece.letter, piece: chosen.piece, at: chosen.at }));
      },
      cancelled: () => {
        this.on = false;
        ended();
      },
      allows: (piece, at) => placeIsFree(ctx.layout, ctx.targets, piece, at),
    });
  }

  get active(): boolean {
    return this.on;
  }

  start(): void {
    if (this.ctx.tiles) return;
    this.on = true;
    this.picker.start(this.ctx.layout);
  }

  stop(): void {
    this.on = false;
    this.picker.stop();
  }

  /** After the editor shows a layout: the list of targets, and the picker's marks on the board drawn anew. */
  refresh(): void {
    this.renderList();
    if (this.on && !this.ctx.tiles) this.picker.start(this.ctx.layout);
    else if (this.on) this.stop();
  }

  /** The targets, each "S1 (1, 1) → (4, 2)" (named as on the board) with a button that removes it; hidden when there is none. */
  renderList(): void {
    const targets = this.ctx.tiles ? [] : this.ctx.targets;
    const items = this.list.querySelector('ul')!;
    items.replaceChildren(...targets.map((target) => this.item(target)));
    this.list.hidden = targets.length === 0;
  }

  private item(target: Target): HTMLElement {
    const li = document.createElement('li');
    const text = document.createElement('span');
    // Named as the board labels it (S2, not S, where there are several soldiers).
    const index = this.ctx.layout.pieces.findIndex((p) => p.row === target.piece[0] && p.col === target.piece[1]);
    const name = index < 0 ? target.letter : this.ctx.board.pieceName(index);
    text.textContent = `${name} ${cellText(target.piece)} → ${cellText(target.at)}`;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'goal-remove';
    remove.append(crossIcon());
    remove.setAttribute('aria-label', `${t('removeGoal')} ${name} ${cellText(target.piece)}`);
    remove.addEventListener('click', () => {
      this.ctx.remember();
      this.ctx.show(this.ctx.layout, withoutTarget(this.ctx.targets, target.piece));
      // The focus stays in the list (or goes to Goal when it is empty), unless the picker's marks took it.
      if (!this.on) (this.list.querySelector<HTMLElement>('.goal-remove') ?? document.getElementById('editor-goal'))?.focus();
    });
    li.append(text, remove);
    return li;
  }
}
