/**
 * Headless Chromium for the browser tests, driven by playwright-core. By default the Chromium that ships inside the
 * npm package @sparticuz/chromium (so `npm test` needs no system browser); CHROMIUM_PATH overrides it (e.g. Debian's
 * /usr/bin/chromium). Either way it gets Noto Sans SC as a system font (cjk-font.ts): a phone has a CJK font, and
 * the layout tests measure what a phone shows.
 */
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { groupAlive, startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { cjkFontConfig } from './cjk-font.ts';

/** Flags of the packaged build that would weaken what the tests check (CORS, framing, origin isolation). */
const UNWANTED = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process', '--disable-site-isolation-trials', '--no-zygote']);
const QUIET = ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch(): Promise<Browser> {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    const env = { ...process.env, FONTCONFIG_FILE: await cjkFontConfig(true) };
    return chromium.launch({ executablePath: override, args: ['--headless', '--no-sandbox', ...QUIET], env });
  }
  const args = sparticuz.args.filter((a) => !UNWANTED.has(a) && !a.startsWith('--disable-features='));
  // executablePath() unpacks the build's own fonts and sets FONTCONFIG_PATH to them: the font config builds on that.
  const executablePath = await sparticuz.executablePath();
  const env = { ...process.env, FONTCONFIG_FILE: await cjkFontConfig(false) };
  return chromium.launch({ executablePath, args: [...args, ...QUIET], env });
}

/**
 * Closes what a browser suite opened — the browser, then anything extra — and stops its server whatever happens on
 * the way; then checks that nothing of the server's process tree is left running.
 */
export async function closeSuite(browser: Browser | undefined, server: DevServer | undefined, extra?: () => Promise<unknown>): Promise<void> {
  try {
    await browser?.close();
    await extra?.();
  } finally {
    await server?.stop();
  }
  if (server && groupAlive(server.group)) throw new Error(`wrangler dev (process group ${server.group}) left running`);
}

/** A test file's `wrangler dev` and Chromium, started before its tests and stopped after them (closeSuite). */
export interface BrowserSuite {
  readonly server: DevServer;
  readonly browser: Browser;
}

/** Registers the file's beforeAll / afterAll: read `server` and `browser` inside the tests, once they have started. */
export function browserSuite(): BrowserSuite {
  const suite = {} as { server: DevServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startDevServer();
    suite.browser = await launch();
  }, 120_000);
  afterAll(() => closeSuite(suite.browser, suite.server));
  return suite;
}

/** A page of the suite's site at `path`, in `lang` (remembered as the page's choice before it loads). */
export async function openPage(suite: BrowserSuite, path: string, options: { lang?: 'en' | 'zh'; viewport?: { width: number; height: number }; context?: BrowserContext } = {}): Promise<Page> {
  const page = await (options.context ?? suite.browser).newPage({ viewport: options.viewport ?? { width: 1200, height: 900 } });
  await page.addInitScript((l) => localStorage.setItem('lang', l), options.lang ?? 'en');
  await page.goto(suite.server.url + path);
  return page;
}

/**
 * Each piece's label on the player's board: its text as shown (line breaks as spaces), its accessible name (without
 * the cell), and whether the text lies inside the piece as painted (3 px inside its box, its ::before), once every
 * piece has a box.
 */
export async function pieceLabels(page: Page): Promise<Array<{ shown: string; spoken: string; inside: boolean }>> {
  // Measured once every piece is laid out: on a loaded machine the first measurement came while the board still had
  // no size (every box zero, every label "outside"), a moment no visitor sees.
  await page.waitForFunction(() => {
    const pieces = [...document.querySelectorAll('#player .piece')];
    return pieces.length > 0 && pieces.every((el) => el.getBoundingClientRect().width > 0);
  });
  return page.$$eval('#player .piece', (els) =>
    els.map((el) => {
      const label = el.querySelector('.piece-label')!;
      const range = document.createRange();
      range.selectNodeContents(label);
      const text = range.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const inside = text.left >= box.left + 3 && text.right <= box.right - 3 && text.top >= box.top + 3 && text.bottom <= box.bottom - 3;
      return { shown: label.textContent!.replace(/\n/g, ' '), spoken: (el.getAttribute('aria-label') ?? '').split(' (')[0]!, inside };
    }),
  );
}
