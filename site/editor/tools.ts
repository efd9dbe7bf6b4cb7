/**
 * The editor's palette: one radio group of tools (`input[name=tool]`), the letter of the piece the shape tool paints
 * (a free one is offered when the field is empty or holds a rectangle's letter) and New piece, which starts another.
 */
import type { EditorContext, Tool } from './context.ts';
import { freeLetter, shapeLetterProblem } from './edits.ts';
import { t } from '../shared/i18n.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The keys that choose a tool on the board. */
export const TOOL_KEYS: Readonly<Record<string, Tool>> = { b: 'B', v: 'V', h: 'H', s: 'S', p: 'shape', e: 'erase', o: 'hole', _: 'hole', g: 'goal' };

export class Tools {
  private readonly ctx: EditorContext;
  private readonly letterInput = $<HTMLInputElement>('shape-letter');
  /** Told of every change of tool, with the one before it. */
  private readonly changed: (tool: Tool, previous: Tool) => void;
  private last: Tool;

  constructor(ctx: EditorContext, changed: (tool: Tool, previous: Tool) => void) {
    this.ctx = ctx;
    this.changed = changed;
    this.last = this.current;
    for (const input of this.inputs()) input.addEventListener('change', () => this.report());
    this.letterInput.addEventListener('input', () => {
      this.letterInput.value = this.letterInput.value.slice(-1).toUpperCase();
      if (this.current !== 'shape') this.choose('shape');
      this.sayLetter();
    });
    $('new-piece').addEventListener('click', () => this.newPiece());
  }

  get current(): Tool {
    return (document.querySelector<HTMLInputElement>('input[name=tool]:checked')?.value ?? 'S') as Tool;
  }

  /** Checks `tool` in the palette (as a click on it would). */
  choose(tool: Tool): void {
    const input = this.inputs().find((i) => i.value === tool);
    if (!input || input.checked) return;
    input.checked = true;
    this.report();
  }

  /** The letter the shape tool paints, upper case ('' when the field is empty). */
  letter(): string {
    return this.letterInput.value.trim().toUpperCase();
  }

  setLetter(letter: string): void {
    this.letterInput.value = letter;
  }

  /** The shape tool with a letter no piece has yet. */
  newPiece(): void {
    const letter = freeLetter(this.ctx.layout);
    if (!letter) return this.ctx.say(() => t('noFreeLetter'), true);
    this.setLetter(letter);
    this.choose('shape');
    this.sayLetter();
  }

  /** Says which piece the shape tool paints, or what is wrong with its letter. */
  sayLetter(): void {
    const letter = this.letter();
    const problem = shapeLetterProblem(letter);
    if (problem) this.ctx.say(() => t(problem), true);
    else this.ctx.say(() => t('paintingPiece').replace('{letter}', letter), 'progress');
  }

  private inputs(): HTMLInputElement[] {
    return [...document.querySelectorAll<HTMLInputElement>('input[name=tool]')];
  }

  private report(): void {
    const tool = this.current;
    const previous = this.last;
    this.last = tool;
    // The shape tool always has a letter to paint: a free one when the field has none it can use.
    if (tool === 'shape' && shapeLetterProblem(this.letter())) {
      const letter = freeLetter(this.ctx.layout);
      if (letter) this.setLetter(letter);
    }
    this.changed(tool, previous);
  }
}
