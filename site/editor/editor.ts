/**
 * The home-page editor: place rectangles, paint pieces of any shape, cut holes and outlines, drag and erase pieces
 * (editor/board-input.ts, editor/edits.ts); give one or more pieces a goal place (editor/goal-mode.ts); undo and redo
 * (editor/history.ts); 数字华容道 boards (editor/tiles.ts); live validation by the codec; presets; a link's
 * `?layout=` and `?goal=` read back; Solve → /s/<code>?goal=…. This file holds the state and shows it.
 */
import { formatLayout, formatTiles, isRushCode, isTilesCode, parityInvariant, parseLayout, parseTiles, solvedTiles, sortPieces, tilesToLayout, MAX_CELLS, MAX_SIDE, MIN_SIDE, type Layout, type LayoutProblem, type TilesBoard } from '../../solver/index.ts';
import { BoardView } from '../board/view.ts';
import { readPagePuzzle } from '../shared/slide.ts';
import { BoardInput } from './board-input.ts';
import type { EditorContext, SayPart, SayTone, Tool } from './context.ts';
import { resizeLayout } from './edits.ts';
import { GoalMode } from './goal-mode.ts';
import { goalLink, targetPlace, targetsFromLink, validTargets, type Target } from './goals.ts';
import { History } from './history.ts';
import { setupTiles, tilesSize } from './tiles.ts';
import { Tools } from './tools.ts';
import { currentLang, setupLangSwitch, t, type Lang } from '../shared/i18n.ts';
import { readGoal } from '../shared/page-goal.ts';
import { problemText as inLang } from '../shared/problem-text.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

setupLangSwitch();

const DEFAULT = 'VBBV-VBBV-VHHV-VSSV-S..S';
const params = new URLSearchParams(location.search);
const initial = params.get('layout') ?? DEFAULT;
const parsedInitial = parseLayout(initial);
let layout: Layout = parsedInitial.ok ? parsedInitial.value : (parseLayout(DEFAULT) as { ok: true; value: Layout }).value;
let tiles: TilesBoard | null = null;
let targets: Target[] = [];
/** The layout's own state (valid, or its problem), as the validation line says it after a change. */
let state = { text: () => '', invalid: false };
const board = new BoardView($('editor-board'), layout);
const codeInput = $<HTMLInputElement>('code');
const message = $('validation');

/** The validation line is kept as a way to write it, so a language switch rewrites it. */
let lineParts: SayPart[] = [];

function writeLine(): void {
  message.replaceChildren(...lineParts.flatMap((part, i) => {
    const span = document.createElement('span');
    span.className = `say-${part.tone}`;
    span.textContent = part.text();
    return i > 0 ? [' ', span] : [span];
  }));
  // The line as a whole is an error only when all it says is one.
  message.classList.toggle('invalid', lineParts.length > 0 && lineParts.every((p) => p.tone === 'error'));
}

function say(text: () => string, invalid: boolean | SayTone): void {
  sayParts([{ text, tone: invalid === true ? 'error' : invalid === false ? 'ok' : invalid }]);
}

function sayParts(parts: SayPart[]): void {
  lineParts = parts;
  writeLine();
}

/** A step (what was done, what to do next) in the tone of progress, with the layout's state in its own. */
function sayStep(step: () => string, stateFirst = false): void {
  const stateNow = state;
  const own: SayPart = { text: stateNow.text, tone: stateNow.invalid ? 'error' : 'ok' };
  const done: SayPart = { text: step, tone: 'progress' };
  sayParts(stateFirst ? [own, done] : [done, own]);
}

const currentCode = () => (tiles ? formatTiles(tiles) : formatLayout(layout));

function show(next: Layout, nextTargets: readonly Target[] = targets, fromText = false): void {
  tiles = null;
  board.root.classList.remove('stale');
  layout = { ...next, pieces: sortPieces([...next.pieces]) };
  // A target whose piece is gone (moved, erased, repainted) or whose place no longer fits the board is dropped.
  targets = validTargets(layout, nextTargets);
  const link = goalLink(layout, targets);
  const goalRead = link ? readGoal(layout, link) : null;
  board.setKind(false);
  board.setExit(targets.length < 2); // a goal drawing has no exit
  board.setLayout(structuredClone(layout));
  board.setGoal(targets.length ? targets.map((target) => targetPlace(layout, target)!) : null);
  drawMarks();
  const code = formatLayout(layout);
  if (!fromText) codeInput.value = code;
  const check = parseLayout(code);
  const blocks = layout.pieces.filter((p) => p.letter === 'B').length;
  const problem: (() => string) | null = !check.ok
    ? () => inLang(check.error, currentLang())
    : goalRead && 'problem' in goalRead
      ? () => inLang(goalRead.problem, currentLang())
      : targets.length
        ? null
        : blocks === 0
          ? () => t('noBlock')
          : blocks > 1
            ? () => t('manyBlocks')
            : null;
  const goalText = () => (targets.length > 1 ? t('goalSetMany').replace('{count}', String(targets.length)) : t('goalSet'));
  state = { text: problem ?? (() => (targets.length ? `${t('valid')} ${goalText()}` : t('valid'))), invalid: problem !== null };
  say(state.text, state.invalid);
  setSolve(problem ? null : code, link);
  $<HTMLInputElement>('width').value = String(layout.width);
  $<HTMLInputElement>('height').value = String(layout.height);
  goalMode.refresh();
}

function showTiles(next: TilesBoard, fromText = false): void {
  tiles = next;
  board.root.classList.remove('stale');
  board.setKind(true);
  board.setGoal(null);
  board.setLayout(structuredClone(tilesToLayout(next)));
  drawMarks();
  const code = formatTiles(next);
  if (!fromText) codeInput.value = code;
  const solvable = parityInvariant(next) === parityInvariant(solvedTiles(next.width, next.height));
  state = { text: () => (solvable ? t('valid') : t('tilesUnsolvable')), invalid: !solvable };
  say(state.text, state.invalid);
  setSolve(code, null);
  $<HTMLInputElement>('width').value = String(next.width);
  $<HTMLInputElement>('height').value = String(next.height);
  goalMode.refresh();
}

function setSolve(code: string | null, goal: string | null): void {
  const solve = $<HTMLAnchorElement>('solve');
  solve.setAttribute('aria-disabled', String(code === null));
  solve.href = code === null ? '#' : `/s/${code}${goal ? `?goal=${goal}` : ''}`;
}

/** What the board shows besides the pieces: the cells cut out of it (so they can be put back), and the cursor. */
function drawMarks(): void {
  const holes = tiles ? [] : (layout.holes ?? []).map((h) => [Math.floor(h / layout.width), h % layout.width] as [number, number]);
  board.highlight(holes, 'off-board');
  input.drawCursor();
}

// ---- the parts: history, tools, goal mode, tiles, the board's input ----------------------------------------------
const ctx: EditorContext = {
  board,
  get layout() {
    return layout;
  },
  get tiles() {
    return tiles;
  },
  get targets() {
    return targets;
  },
  get state() {
    return state;
  },
  show: (next, nextTargets) => show(next, nextTargets),
  showTiles: (next) => showTiles(next),
  say,
  sayStep,
  remember: () => history.remember(),
};

interface Snapshot {
  code: string;
  targets: Target[];
}
const snapshot = (): Snapshot => ({ code: currentCode(), targets: [...targets] });

function restore({ code, targets: kept }: Snapshot): void {
  if (isTilesCode(code)) {
    const parsed = parseTiles(code);
    if (parsed.ok) showTiles(parsed.value);
    return;
  }
  const parsed = parseLayout(code);
  if (parsed.ok) show(parsed.value, kept);
}

const history = new History<Snapshot>(snapshot, restore, (canUndo, canRedo) => {
  $<HTMLButtonElement>('editor-undo').disabled = !canUndo;
  $<HTMLButtonElement>('editor-redo').disabled = !canRedo;
});

/** The tool before Goal, to go back to when Escape ends the goal step. */
let toolBeforeGoal: Tool = 'S';
const tools = new Tools(ctx, (tool, previous) => {
  if (tool === 'goal') {
    if (previous !== 'goal') toolBeforeGoal = previous;
    goalMode.start();
    return;
  }
  if (goalMode.active) {
    goalMode.stop();
    say(state.text, state.invalid);
  }
  if (tool === 'shape' && !tiles) tools.sayLetter();
});
const goalMode = new GoalMode(ctx, $('goal-list'), () => {
  tools.choose(toolBeforeGoal);
  say(state.text, state.invalid);
  board.root.focus();
});
const input = new BoardInput(ctx, tools, setupTiles(ctx));

$('editor-goal').addEventListener('click', () => (tools.current === 'goal' ? goalMode.start() : tools.choose('goal')));

// ---- the layout (and goal) the link gives ---------------------------------------------------------------------------
codeInput.value = initial;
if (isTilesCode(initial) && parseTiles(initial).ok) showTiles((parseTiles(initial) as { ok: true; value: TilesBoard }).value);
else if (parsedInitial.ok) {
  const goalParam = params.get('goal');
  let linkProblem: LayoutProblem | null = null;
  if (goalParam && goalParam !== 'pick') {
    const read = targetsFromLink(layout, goalParam);
    if ('targets' in read) targets = read.targets;
    else linkProblem = read.problem;
  }
  show(layout);
  if (linkProblem) {
    const problem = linkProblem;
    say(() => `${t('badGoal')} (${inLang(problem, currentLang())})`, true);
  }
  // A solution page with no goal sends its board here to set one.
  if (goalParam === 'pick') tools.choose('goal');
} else {
  show(layout, [], true);
  say(() => inLang(parsedInitial.error, currentLang()), true);
  setSolve(null, null);
}

// ---- the code typed -------------------------------------------------------------------------------------------------
/** The state when the code field took the focus: typing is one step of Undo, recorded when the field is left. */
let beforeTyping = snapshot();
codeInput.addEventListener('focus', () => (beforeTyping = snapshot()));
codeInput.addEventListener('change', () => {
  if (beforeTyping.code !== currentCode()) history.rememberWas(beforeTyping);
  beforeTyping = snapshot();
});
codeInput.addEventListener('input', () => {
  // A Rush Hour board in Fogleman's notation (rush:…) is not edited here: its page opens, under the line rule.
  if (isRushCode(codeInput.value)) {
    const rush = readPagePuzzle(codeInput.value, 'line');
    if (rush.ok) return location.assign(`/s/${rush.value.canonical}?slide=line`);
    say(() => inLang(rush.error, currentLang()), true);
    markProblem(rush.error.at);
    return setSolve(null, null);
  }
  if (isTilesCode(codeInput.value)) {
    const parsed = parseTiles(codeInput.value);
    if (parsed.ok) return showTiles(parsed.value, true);
    say(() => inLang(parsed.error, currentLang()), true);
    markProblem(parsed.error.at);
    return setSolve(null, null);
  }
  const parsed = parseLayout(codeInput.value);
  if (parsed.ok) return show(parsed.value, targets, true);
  say(() => inLang(parsed.error, currentLang()), true);
  setSolve(null, null);
  markProblem(parsed.error.at);
});

/**
 * A typed code that does not parse: the board still shows the last valid layout, so it is dimmed (it is not what the
 * code says) and the cell the problem names is marked on it.
 */
function markProblem(at: { row: number; col: number } | undefined): void {
  board.root.classList.add('stale');
  board.clearHighlight('problem');
  if (at && at.row < layout.height && at.col < Math.max(layout.width, 1)) board.highlight([[at.row, Math.min(at.col, layout.width - 1)]], 'problem');
}

// ---- undo, size, clear, presets, Solve, language --------------------------------------------------------------------
document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement).closest('input, textarea, select')) return;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) history.undo();
  else if (key === 'y' || (key === 'z' && e.shiftKey)) history.redo();
  else return;
  e.preventDefault();
});
$('editor-undo').addEventListener('click', () => history.undo());
$('editor-redo').addEventListener('click', () => history.redo());

/** The width or height field changed: the board at that size, the side changed cut so that it has at most 128 cells. */
function resize(changed: 'width' | 'height'): void {
  history.remember();
  if (tiles) return showTiles(solvedTiles(...tilesSize(3)));
  const side = (id: string, fallback: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, Number($<HTMLInputElement>(id).value) || fallback));
  let [width, height] = [side('width', 4), side('height', 5)];
  const capped = width * height > MAX_CELLS;
  if (capped && changed === 'width') width = Math.floor(MAX_CELLS / height);
  else if (capped) height = Math.floor(MAX_CELLS / width);
  show(resizeLayout(layout, width, height));
  if (capped) sayStep(() => t('mostCells').replace('{width}', String(width)).replace('{height}', String(height)));
}
$('width').addEventListener('change', () => resize('width'));
$('height').addEventListener('change', () => resize('height'));
$('clear').addEventListener('click', () => {
  history.remember();
  show({ ...layout, pieces: [] });
});
$<HTMLSelectElement>('preset').addEventListener('change', (e) => {
  const value = (e.target as HTMLSelectElement).value;
  if (!value) return;
  history.remember();
  restore({ code: value, targets: [] });
});
$('solve').addEventListener('click', (e) => {
  if ($('solve').getAttribute('aria-disabled') === 'true') e.preventDefault();
});

document.addEventListener('langchange', (e) => {
  board.setLang((e as CustomEvent<Lang>).detail);
  drawMarks();
  writeLine();
  goalMode.refresh();
});
