/**
 * The home-page editor: pick a shape from the palette, place it, drag pieces, erase; undo and redo; full keyboard
 * placement (a cursor on the board); live validation; presets; Solve → /s/<code>. Every change is one step of the
 * history, kept as layout codes.
 */
import { FIXED_SHAPES, formatLayout, pieceCovering, formatTiles, isTilesCode, parityInvariant, parseLayout, parseTiles, solvedTiles, sortPieces, tilesToLayout, type Layout, type Piece, type TilesBoard } from '../../solver/index.ts';
import { BoardView } from './board-view.ts';
import { currentLang, setupLangSwitch, t, type Key, type Lang } from './i18n.ts';
import { problemText as inLang } from './problem-text.ts';
import { GoalPicker } from './goal-picker.ts';
import { goalParam, readGoal, type Cell } from './page-goal.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

setupLangSwitch();

const DEFAULT = 'VBBV-VBBV-VHHV-VSSV-S..S';
const params = new URLSearchParams(location.search);
const initial = params.get('layout') ?? DEFAULT;
const parsedInitial = parseLayout(initial);
let layout: Layout = parsedInitial.ok ? parsedInitial.value : (parseLayout(DEFAULT) as { ok: true; value: Layout }).value;
/** 数字华容道 mode when set. */
let tiles: TilesBoard | null = null;
const board = new BoardView($('editor-board'), layout);
/** The keyboard's cell on the board, drawn once the keyboard is used. */
let cursor: [number, number] = [0, 0];
let keyboardUsed = false;
const codeInput = $<HTMLInputElement>('code');
/** The goal set with Goal (the piece by its top-left cell, and its target); none: the default (the one B out). */
let goal: { piece: Cell; at: Cell } | null = null;
const goalFromLink = params.get('goal');
if (goalFromLink && goalFromLink !== 'pick') {
  const read = readGoal(layout, goalFromLink);
  if ('goal' in read && read.goal.spec) goal = { piece: read.goal.startCell, at: read.goal.target };
}
const message = $('validation');

// ---- history ------------------------------------------------------------------------------------------------------
const past: string[] = [];
const future: string[] = [];
const currentCode = () => (tiles ? formatTiles(tiles) : formatLayout(layout));

/** Records the state before a change (call it, then change). */
function remember(): void {
  past.push(currentCode());
  future.length = 0;
  updateHistoryButtons();
}

function restore(code: string): void {
  if (isTilesCode(code)) {
    const parsed = parseTiles(code);
    if (parsed.ok) showTiles(parsed.value);
    return;
  }
  const parsed = parseLayout(code);
  if (parsed.ok) {
    tiles = null;
    show(parsed.value);
  }
}

/** Goes back (undo: from past to future) or forward (redo: from future to past) one change. */
function travel(from: string[], to: string[]): void {
  const code = from.pop();
  if (code === undefined) return;
  to.push(currentCode());
  restore(code);
  updateHistoryButtons();
}
const undo = () => travel(past, future);
const redo = () => travel(future, past);

function updateHistoryButtons(): void {
  $<HTMLButtonElement>('editor-undo').disabled = past.length === 0;
  $<HTMLButtonElement>('editor-redo').disabled = future.length === 0;
}

// ---- drawing and validation -----------------------------------------------------------------------------------------
function covers(p: Piece, r: number, c: number): boolean {
  return r >= p.row && r < p.row + p.height && c >= p.col && c < p.col + p.width;
}

function fits(l: Layout, shape: { width: number; height: number }, row: number, col: number, ignore?: Piece): boolean {
  if (row < 0 || col < 0 || row + shape.height > l.height || col + shape.width > l.width) return false;
  for (let r = row; r < row + shape.height; r++) for (let c = col; c < col + shape.width; c++) if (l.pieces.some((p) => p !== ignore && covers(p, r, c))) return false;
  return true;
}

/** The validation line is kept as a way to write it, so a language switch rewrites it. */
let problemText: () => string = () => '';

function say(text: () => string, invalid: boolean): void {
  problemText = text;
  message.textContent = text();
  message.classList.toggle('invalid', invalid);
}

function show(next: Layout, fromText = false): void {
  tiles = null;
  board.root.classList.remove('stale');
  layout = { ...next, pieces: sortPieces([...next.pieces]) };
  board.setKind(false);
  board.setLayout(structuredClone(layout));
  drawCursor();
  const code = formatLayout(layout);
  if (!fromText) codeInput.value = code;
  const check = parseLayout(code);
  const blocks = layout.pieces.filter((p) => p.letter === 'B').length;
  // A goal whose piece is gone (moved, erased) or whose place no longer fits the board is dropped.
  const goalRead = goal ? readGoal(layout, goalParam(goal)) : null;
  if (goalRead && !('goal' in goalRead)) goal = null;
  board.setGoal(goalRead && 'goal' in goalRead ? goalRead.goal.places : null);
  const problem: (() => string) | null = !check.ok ? () => inLang(check.error, currentLang()) : goal ? null : blocks === 0 ? () => t('noBlock') : blocks > 1 ? () => t('manyBlocks') : null;
  say(problem ?? (() => (goal ? `${t('valid')} ${t('goalSet')}` : t('valid'))), problem !== null);
  setSolve(problem ? null : code);
  $<HTMLInputElement>('width').value = String(layout.width);
  $<HTMLInputElement>('height').value = String(layout.height);
}

function showTiles(next: TilesBoard, fromText = false): void {
  tiles = next;
  board.root.classList.remove('stale');
  board.setKind(true);
  board.setLayout(structuredClone(tilesToLayout(next)));
  drawCursor();
  const code = formatTiles(next);
  if (!fromText) codeInput.value = code;
  const solvable = parityInvariant(next) === parityInvariant(solvedTiles(next.width, next.height));
  say(() => (solvable ? t('valid') : t('tilesUnsolvable')), !solvable);
  setSolve(code);
  $<HTMLInputElement>('width').value = String(next.width);
  $<HTMLInputElement>('height').value = String(next.height);
}

function setSolve(code: string | null): void {
  const solve = $<HTMLAnchorElement>('solve');
  solve.setAttribute('aria-disabled', String(code === null));
  solve.href = code === null ? '#' : `/s/${code}${goal && !tiles ? `?goal=${goalParam(goal)}` : ''}`;
}

// ---- the goal step: Goal, then a piece, then its place (goal-picker.ts) --------------------------------------------
const picker = new GoalPicker(board, {
  say: (text) => say(text, false),
  done: (chosen) => {
    remember();
    goal = chosen;
    show(layout);
  },
  cancelled: () => show(layout),
});
$('editor-goal').addEventListener('click', () => {
  if (tiles) return;
  picker.start(layout);
});

codeInput.value = initial;
if (isTilesCode(initial) && parseTiles(initial).ok) showTiles((parseTiles(initial) as { ok: true; value: TilesBoard }).value);
else if (parsedInitial.ok) {
  show(layout);
  // A solution page with no goal sends its board here to set one.
  if (params.get('goal') === 'pick') picker.start(layout);
}
else {
  show(layout, true);
  say(() => inLang(parsedInitial.error, currentLang()), true);
  setSolve(null);
}

codeInput.addEventListener('change', () => {
  if (codeInput.value !== currentCode()) past.push(currentCode());
  updateHistoryButtons();
});
codeInput.addEventListener('input', () => {
  if (isTilesCode(codeInput.value)) {
    const parsed = parseTiles(codeInput.value);
    if (parsed.ok) return showTiles(parsed.value, true);
    say(() => inLang(parsed.error, currentLang()), true);
    markProblem(parsed.error.at);
    return setSolve(null);
  }
  const parsed = parseLayout(codeInput.value);
  if (parsed.ok) return show(parsed.value, true);
  say(() => inLang(parsed.error, currentLang()), true);
  setSolve(null);
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

// ---- placing, erasing and moving pieces ---------------------------------------------------------------------------
const tool = () => document.querySelector<HTMLInputElement>('input[name=tool]:checked')?.value ?? 'S';

/**
 * A click (or Enter) on a cell. Erase: remove the piece there. A shape: place it with its top-left on the cell; on a
 * piece, the shape takes that piece's place when it fits there (a piece is never lost to a click that places nothing).
 */
function actAt(cell: [number, number], eraseOnly = false): void {
  if (tiles) return tileClick(cell[0] * tiles.width + cell[1]);
  const piece = pieceCovering(layout, cell[0], cell[1]);
  if (eraseOnly || tool() === 'erase') {
    if (!piece) return;
    remember();
    show({ ...layout, pieces: layout.pieces.filter((p) => p !== piece) });
    announce('removed', cell);
    return;
  }
  const shape = FIXED_SHAPES[tool()]!;
  if (piece && piece.letter === tool() && piece.row === cell[0] && piece.col === cell[1]) return;
  if (!fits(layout, shape, cell[0], cell[1], piece)) {
    say(() => t('doesNotFit'), true);
    return;
  }
  remember();
  const kept = layout.pieces.filter((p) => p !== piece);
  show({ ...layout, pieces: [...kept, { letter: tool(), row: cell[0], col: cell[1], width: shape.width, height: shape.height }] });
  announce(piece ? 'replaced' : 'placed', cell);
}

/** Keyboard actions say what they did in the live validation line, then the layout's state. */
function announce(what: Key, cell: [number, number]): void {
  const state = problemText;
  // Rows and columns counted from 1, as people count.
  say(() => `${t(what)} (${cell[0] + 1}, ${cell[1] + 1}). ${state()}`, message.classList.contains('invalid'));
}

let drag: { piece: Piece; dr: number; dc: number; start: [number, number] } | null = null;
board.root.addEventListener('pointerdown', (e) => {
  if (tiles) return;
  const cell = board.cellAt(e);
  if (!cell) return;
  const piece = pieceCovering(layout, cell[0], cell[1]);
  if (piece && tool() !== 'erase') {
    drag = { piece, dr: cell[0] - piece.row, dc: cell[1] - piece.col, start: cell };
    board.root.setPointerCapture(e.pointerId);
  }
});
board.root.addEventListener('pointerup', (e) => {
  const cell = board.cellAt(e);
  const d = drag;
  drag = null;
  if (!cell) return;
  cursor = cell;
  if (d && (cell[0] !== d.start[0] || cell[1] !== d.start[1])) {
    const row = cell[0] - d.dr;
    const col = cell[1] - d.dc;
    if (!fits(layout, d.piece, row, col, d.piece)) return;
    remember();
    show({ ...layout, pieces: layout.pieces.map((p) => (p === d.piece ? { ...p, row, col } : p)) });
    return;
  }
  actAt(cell);
});

// Keyboard: the board is focusable; a cursor cell moves with the arrows.
board.root.tabIndex = 0;
board.root.setAttribute('aria-describedby', 'editor-help');

function drawCursor(): void {
  const { width, height } = board.layout;
  cursor = [Math.min(cursor[0], height - 1), Math.min(cursor[1], width - 1)];
  if (keyboardUsed) board.highlight([cursor], 'cursor');
  else board.clearHighlight('cursor');
}

board.root.addEventListener('keydown', (e) => {
  const { width, height } = board.layout;
  const arrows: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = arrows[e.key];
  const tools: Record<string, string> = { b: 'B', v: 'V', h: 'H', s: 'S', e: 'erase' };
  if (step || e.key === 'Home' || e.key === 'End') {
    if (step) cursor = [Math.max(0, Math.min(height - 1, cursor[0] + step[0])), Math.max(0, Math.min(width - 1, cursor[1] + step[1]))];
    else cursor = e.key === 'Home' ? [0, 0] : [height - 1, width - 1];
    keyboardUsed = true;
    drawCursor();
    const piece = pieceCovering(board.layout, cursor[0], cursor[1]);
    say(() => `${t('cursorAt')} (${cursor[0] + 1}, ${cursor[1] + 1}): ${piece ? piece.letter : t('empty')}`, false);
  } else if (e.key === 'Enter' || e.key === ' ') {
    keyboardUsed = true;
    actAt(cursor);
    drawCursor();
  } else if (e.key === 'Delete' || e.key === 'Backspace') {
    actAt(cursor, true);
    drawCursor();
  } else if (!e.ctrlKey && !e.metaKey && !e.altKey && tools[e.key.toLowerCase()]) {
    const input = document.querySelector<HTMLInputElement>(`input[name=tool][value=${tools[e.key.toLowerCase()]}]`);
    if (input) input.checked = true;
  } else return;
  e.preventDefault();
});
board.root.addEventListener('focus', () => {
  keyboardUsed = true;
  drawCursor();
});
board.root.addEventListener('blur', () => board.clearHighlight('cursor'));

document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement).closest('input, textarea, select')) return;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) undo();
  else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
  else return;
  e.preventDefault();
});
$('editor-undo').addEventListener('click', undo);
$('editor-redo').addEventListener('click', redo);
updateHistoryButtons();

// ---- 数字华容道 mode: click a tile next to the blank to slide it, or two tiles to swap them; Shuffle ------------------
let picked: number | null = null;

function tileClick(p: number): void {
  const cells = Uint8Array.from(tiles!.cells);
  const blank = cells.indexOf(0);
  const w = tiles!.width;
  const adjacent = Math.abs(Math.floor(p / w) - Math.floor(blank / w)) + Math.abs((p % w) - (blank % w)) === 1;
  if (picked === null && adjacent) {
    cells[blank] = cells[p]!;
    cells[p] = 0;
  } else if (picked === null) {
    picked = p;
    board.highlight([[Math.floor(p / w), p % w]], 'selected');
    return;
  } else {
    [cells[picked], cells[p]] = [cells[p]!, cells[picked]!];
    picked = null;
    board.clearHighlight('selected');
  }
  remember();
  showTiles({ ...tiles!, cells });
}

function shuffle(width: number, height: number): TilesBoard {
  const n = width * height;
  const cells = Uint8Array.from({ length: n }, (_, i) => (i + 1) % n);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  const next = { width, height, cells };
  if (parityInvariant(next) !== parityInvariant(solvedTiles(width, height))) {
    // Swapping two tiles (not the blank) flips the parity.
    const [a, b] = [...cells.keys()].filter((i) => cells[i] !== 0);
    [cells[a!], cells[b!]] = [cells[b!]!, cells[a!]!];
  }
  return next;
}

$('tiles-shuffle').addEventListener('click', () => {
  const w = Math.min(6, Math.max(2, Number($<HTMLInputElement>('width').value) || 4));
  const h = Math.min(6, Math.max(2, Number($<HTMLInputElement>('height').value) || 4));
  remember();
  showTiles(shuffle(tiles ? tiles.width : w === 4 && h === 5 ? 4 : w, tiles ? tiles.height : w === 4 && h === 5 ? 4 : h));
});
$('tiles-solved').addEventListener('click', () => {
  remember();
  showTiles(solvedTiles(tiles?.width ?? 3, tiles?.height ?? 3));
});

function resize(): void {
  remember();
  if (tiles) {
    const w = Math.min(6, Math.max(2, Number($<HTMLInputElement>('width').value) || 3));
    const h = Math.min(6, Math.max(2, Number($<HTMLInputElement>('height').value) || 3));
    showTiles(solvedTiles(w, h));
    return;
  }
  const width = Math.min(10, Math.max(2, Number($<HTMLInputElement>('width').value) || 4));
  const height = Math.min(10, Math.max(2, Number($<HTMLInputElement>('height').value) || 5));
  show({ width, height, pieces: layout.pieces.filter((p) => p.row + p.height <= height && p.col + p.width <= width) });
}
$('width').addEventListener('change', resize);
$('height').addEventListener('change', resize);
$('clear').addEventListener('click', () => {
  remember();
  show({ ...layout, pieces: [] });
});
$<HTMLSelectElement>('preset').addEventListener('change', (e) => {
  const value = (e.target as HTMLSelectElement).value;
  if (!value) return;
  remember();
  restore(value);
});
$('solve').addEventListener('click', (e) => {
  if ($('solve').getAttribute('aria-disabled') === 'true') e.preventDefault();
});

document.addEventListener('langchange', (e) => {
  const lang = (e as CustomEvent<Lang>).detail;
  board.setLang(lang);
  message.textContent = problemText();
});
