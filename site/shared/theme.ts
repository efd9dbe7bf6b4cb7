/**
 * Light, dark, or as the system says ("auto", the default): the choice is remembered in localStorage and put on
 * <html> as data-theme (none for auto), which theme.css reads. Bundled into /lang.js, a blocking script in <head>, so
 * the page is drawn in its theme from the first paint; the header's switch (#theme-switch) cycles the three.
 */
import { currentLang, t } from './i18n.ts';

export type ThemeChoice = 'auto' | 'light' | 'dark';
const ORDER: ThemeChoice[] = ['auto', 'light', 'dark'];
const NAMES = { auto: 'themeAuto', light: 'themeLight', dark: 'themeDark' } as const;

export function savedTheme(): ThemeChoice {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem('theme');
  } catch {
    // storage blocked (a sandboxed frame): auto
  }
  return saved === 'light' || saved === 'dark' ? saved : 'auto';
}

let current: ThemeChoice = 'auto';

export function applyTheme(choice: ThemeChoice): void {
  current = choice;
  if (choice === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
  const button = document.getElementById('theme-switch');
  if (!button) return;
  button.dataset.themeChoice = choice;
  // It says what the theme is now; a press goes to the next one.
  const label = currentLang() === 'zh' ? `${t('optTheme')}：${t(NAMES[choice])}` : `Theme: ${t(NAMES[choice])}`;
  button.setAttribute('aria-label', label);
  button.title = label;
}

/** Wires the header's switch (once the page is parsed) and keeps its label in the page's language. */
export function setupThemeSwitch(): void {
  const button = document.getElementById('theme-switch');
  if (!button) return;
  applyTheme(savedTheme());
  button.addEventListener('click', () => {
    const next = ORDER[(ORDER.indexOf(current) + 1) % ORDER.length]!;
    try {
      if (next === 'auto') localStorage.removeItem('theme');
      else localStorage.setItem('theme', next);
    } catch {
      // not remembered, but still applied
    }
    applyTheme(next);
  });
  document.addEventListener('langchange', () => applyTheme(current));
}

/** In <head>: the theme before anything is drawn; the switch once the header exists. */
export function bootTheme(): void {
  applyTheme(savedTheme());
  document.addEventListener('DOMContentLoaded', setupThemeSwitch, { once: true });
}
