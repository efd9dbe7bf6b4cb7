/**
 * /embed/<code>?metric=&goal=&autoplay=&controls=&theme=&speed=&at=&lang=&autosize= (`start` is an alias of `at`) — the player alone, for iframes.
 * `goal` takes the API's forms (`B@3,1`, `0,0@4,2`, a goal drawing): solved toward, drawn as ghost outlines.
 * By default it fits the frame it is given (the board shrinks to the frame's height, the move list collapses when it
 * does not fit); with autosize=1 it takes the height its content needs and tells the parent page by postMessage
 * ({ type: 'huarong:resize', height }), for the snippet documented on /docs/.
 */
import { codeFromPath } from '../shared/path-code.ts';
import { unitMoves, type Metric } from '../../solver/index.ts';
import { readPagePuzzle } from '../shared/slide.ts';
import { downloadText, embedLang, t } from '../shared/i18n.ts';
import { answerHeadline, answerNote, answerState } from '../solution/outcome-text.ts';
import { Player } from '../player/player.ts';
import { problemText } from '../shared/problem-text.ts';
import { solveInBrowser, solveRemote } from '../solve/client.ts';
import { puzzlePageHref, readEmbedGoal } from './goal.ts';

const $ = (id: string) => document.getElementById(id)!;
const params = new URLSearchParams(location.search);
const flag = (name: string, fallback: boolean) => {
  const v = params.get(name);
  return v === null ? fallback : !['0', 'false', 'no', 'off'].includes(v);
};
const metric = (['move', 'straight', 'step'].includes(params.get('metric') ?? '') ? params.get('metric') : 'move') as Metric;
const theme = params.get('theme') ?? 'light';
const lang = embedLang(params.get('lang'));
const autosize = flag('autosize', false);
document.body.classList.add(['light', 'dark', 'auto'].includes(theme) ? theme : 'light');
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
document.title = document.querySelector('title')?.dataset[lang] ?? document.title;
document.documentElement.classList.toggle('autosize', autosize);

async function main(): Promise<void> {
  $('open').setAttribute('aria-label', t('openSite', lang));
  const fromPath = codeFromPath('/embed/');
  if ('code' in fromPath && fromPath.code === '') return showUsage();
  // A `rush:` code or ?slide=line: Rush Hour's rule (bars along their length only), for the server and this browser.
  const parsed = 'code' in fromPath ? readPagePuzzle(fromPath.code, params.get('slide')) : null;
  if (!parsed || !parsed.ok) return refuse(`${t('invalidLayout', lang)}: ${parsed ? problemText(parsed.error, lang) : (fromPath as { error: string }).error}`);
  const canonical = parsed.value.canonical;
  const tiles = parsed.value.kind === 'tiles';
  const slide = parsed.value.slide;
  const goal = readEmbedGoal(parsed.value.layout, tiles, params.get('goal'), lang, slide);
  if ('message' in goal) return refuse(goal.message);
  $('open').setAttribute('href', puzzlePageHref('', canonical, metric, goal.text, slide));
  const player = new Player($('player'), parsed.value.layout, { exit: !tiles, tiles, lang, controls: flag('controls', true), speed: Number(params.get('speed')) || 1, globalKeys: true, collapsed: !autosize });
  goal.apply(player);
  const fitting = autosize ? null : frameFitter(player);
  const remote = await solveRemote(location.origin, canonical, metric, goal.spec, slide);
  let result = remote.ok ? remote.result : null;
  let failure: string | null = null;
  if (!remote.ok && remote.failure.kind !== 'bad-input') {
    $('count').textContent = t('solvingInBrowser', lang);
    result = await solveInBrowser(
      canonical,
      metric,
      goal.spec,
      (p) => ($('count').textContent = `${t('solving', lang)} ${p.nodes.toLocaleString('en')}`),
      undefined,
      (loaded, total) => ($('count').textContent = downloadText(loaded, total, lang)),
      slide,
    ).result.catch((e: Error) => ((failure = e.message), null));
  }
  if (!result) {
    $('message').hidden = false;
    // No answer at all (the browser could not search): never read as "no solution".
    $('message').textContent = !remote.ok && remote.failure.kind === 'bad-input' ? remote.failure.message : `${t('browserSolveFailed', lang)}${failure ? ` (${failure})` : ''}.`;
    return;
  }
  player.load(parsed.value.layout, tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves);
  // Three states: the length; no solution, proven (and by what); unknown, with what was proven and why it stopped.
  $('count').textContent = answerHeadline(result, lang);
  $('count').dataset.state = answerState(result);
  const note = answerNote(result, lang);
  $('verdict').textContent = note ?? '';
  $('verdict').hidden = !note;
  const start = Number(params.get('at') ?? params.get('start'));
  if (Number.isInteger(start) && start > 0) player.jump(start);
  fitting?.();
  $('player').dataset.ready = 'true';
  if (flag('autoplay', false)) void player.play();
}

/** Nothing to play: why, in place of the player. */
function refuse(text: string): void {
  $('message').hidden = false;
  $('message').textContent = text;
  $('count').textContent = '';
  $('player').hidden = true;
}

/** /embed/ with no code: how to use it, with an example that works and the documentation's link. */
function showUsage(): void {
  const example = '/embed/VBBV-VBBV-VHHV-VSSV-S..S';
  const link = (href: string, text: string) => Object.assign(document.createElement('a'), { href, textContent: text });
  const first = document.createElement('p');
  first.append(`${t('embedNoCode', lang)} `, link(example, example));
  const second = document.createElement('p');
  second.append(`${t('embedOptions', lang)} `, link('/docs/#iframe', t('embedDocs', lang)));
  $('message').replaceChildren(first, second);
  $('message').hidden = false;
  $('message').classList.add('usage');
  $('message').setAttribute('role', 'status');
  $('count').textContent = '';
  $('player').hidden = true;
}

/**
 * Fits the player into the frame: what is not board (the "chrome") is measured, the board takes the height left, and
 * the move list opens when at least a few rows of it fit below. Returns a refit to call when the content changes.
 */
function frameFitter(player: Player): () => void {
  const root = document.documentElement;
  const pane = player.movesPane;
  let userToggled = false;
  const fit = () => {
    const board = player.board.root;
    const list = pane.querySelector<HTMLElement>('.move-list')!;
    const content = () => document.querySelector('.embed')!.getBoundingClientRect().height;
    const wanted = pane.open;
    // Chrome = everything but the board's content box, measured with the list collapsed.
    pane.open = false;
    list.style.height = '';
    root.style.setProperty('--chrome', `${Math.ceil(content() - board.clientHeight)}px`);
    // Room left under a board that has reached its full width goes to the move list when a few rows fit; a list the
    // visitor opened in a frame with no room left gets a few rows anyway, and the board gives up the height.
    const spare = innerHeight - content();
    const open = userToggled ? wanted : spare >= 96 && player.length > 0;
    if (open) {
      pane.open = true;
      list.style.height = `${Math.floor(Math.max(spare, 96))}px`;
      if (spare < 96) root.style.setProperty('--chrome', `${Math.ceil(content() - board.clientHeight)}px`);
      const over = content() - innerHeight;
      if (over > 0 && spare >= 96) list.style.height = `${Math.floor(spare - over)}px`;
    }
  };
  // A visitor's toggle (a click, or Enter/Space on the summary) wins over the automatic choice from then on. The
  // toggle event itself cannot tell: it also fires, later, for the changes fit() makes.
  pane.querySelector('summary')!.addEventListener('click', () => {
    userToggled = true;
    requestAnimationFrame(fit);
  });
  addEventListener('resize', fit);
  fit();
  return fit;
}

if (autosize && parent !== window) {
  // Tell the parent page the height the content needs; the documented snippet sizes the iframe to it.
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: 'huarong:resize', height, href: location.href }, '*');
  }).observe(document.body);
}

void main();
