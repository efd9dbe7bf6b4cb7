/**
 * A Copy button: puts a text on the clipboard and says so on the button for a moment. When the clipboard is refused,
 * the text is selected in the element that shows it (and copied the old way), or offered in a prompt.
 */
import { t, type Key } from './i18n.ts';

export function copyOnClick(button: HTMLElement, text: () => string, labels: { done: Key; idle: Key }, shownIn?: HTMLElement): void {
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text());
    } catch {
      if (shownIn) {
        select(shownIn);
        document.execCommand('copy');
      } else prompt(t(labels.idle), text());
    }
    button.textContent = t(labels.done);
    setTimeout(() => (button.textContent = t(labels.idle)), 1500);
  });
}

function select(el: HTMLElement): void {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return el.select();
  const range = document.createRange();
  range.selectNodeContents(el);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}
