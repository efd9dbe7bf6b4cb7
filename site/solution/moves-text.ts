/**
 * The /s/ page's move list as text: "Copy moves" puts the line shown on the clipboard (solution/line-text.ts has the format),
 * and the paste field loads a line back as your own, or says (in the page's language) which move stops it.
 */
import type { Move } from '../../solver/index.ts';
import { copyOnClick } from '../shared/copy-button.ts';
import { t } from '../shared/i18n.ts';
import type { LineRead } from './line-text.ts';

export interface MovesTextHooks {
  /** The line shown, as text. */
  text: () => string;
  read: (text: string) => LineRead;
  /** Shows the moves read as your own line. */
  load: (moves: Move[]) => void;
}

export function setupMovesText(hooks: MovesTextHooks): void {
  const $ = (id: string) => document.getElementById(id)!;
  const field = $('paste-moves-text') as HTMLInputElement;
  const error = $('paste-moves-error');
  copyOnClick($('copy-moves'), hooks.text, { done: 'copiedMoves', idle: 'copyMoves' });
  // Kept as a way to write it, so a language switch rewrites it.
  let problem: (() => string) | null = null;
  const say = () => {
    error.hidden = problem === null;
    error.textContent = problem?.() ?? '';
    field.setAttribute('aria-invalid', String(problem !== null));
  };
  $('paste-moves').addEventListener('submit', (e) => {
    e.preventDefault();
    const read = hooks.read(field.value);
    problem = read.ok ? null : () => problemText(read);
    say();
    if (read.ok) hooks.load(read.moves);
  });
  field.addEventListener('input', () => {
    problem = null;
    say();
  });
  document.addEventListener('langchange', say);
}

function problemText(read: Exclude<LineRead, { ok: true }>): string {
  if (read.problem === 'empty') return t('pasteEmpty');
  return t(read.problem === 'malformed' ? 'pasteMalformed' : 'pasteIllegal').replace('{n}', String(read.move)).replace('{move}', read.text);
}
