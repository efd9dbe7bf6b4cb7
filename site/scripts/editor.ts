/** The home-page editor: pick a shape, place it, drag pieces, erase; live validation; presets; Solve → /s/<code>. */
import { FIXED_SHAPES, formatLayout, formatTiles, isTilesCode, parityInvariant, parseLayout, parseTiles, solvedTiles, sortPieces, tilesToLayout, type Layout, type Piece, type TilesBoard } from '../../solver/index.ts';
import { BoardView } from './board-view.ts';
import { setupLangSwitch, t } from './i18n.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

setupLangSwitch();

const DEFAULT = 'VBBV-VBBV-VHHV-VSSV-S..S';
const params = new URLSearchParams(location.search);
const initial = params.get('layout') ?? DEFAULT;
const parsedInitial = parseLayout(initial);
let layout: Layout = parsedInitial.ok ? parsedInitial.value : parseLayout(DEFAULT).ok ? (parseLayout(DEFAULT) as { ok: true; value: Layout }).value : { width: 4, height: 5, pieces: [] };
const board = new BoardView($('editor-board'), layout);
const codeInput = $<HTMLInputElement>('code');
const message = $('validation');

function covers(p: Piece, r: number, c: number): boolean {
  return r >= p.row && r < p.row + p.height && c >= p.col && c < p.col + p.width;
}

function fits(l: Layout, shape: { width: number; height: number }, row: number, col: number, ignore?: Piece): boolean {
  if (row < 0 || col < 0 || row + shape.height > l.height || col + shape.width > l.width) return false;
  for (let r = row; r < row + shape.height; r++) for (let c = col; c < col + shape.width; c++) if (l.pieces.some((p) => p !== ignore && covers(p, r, c))) return false;
  return true;
}

function show(next: Layout, fromText = false): void {
  layout = { ...next, pieces: sortPieces([...next.pieces]) };
  board.setLayout(structuredClone(layout));
  const code = formatLayout(layout);
  if (!fromText) codeInput.value = code;
  const check = parseLayout(code);
  const blocks = layout.pieces.filter((p) => p.letter === 'B').length;
  const problem = !check.ok ? check.error.message : blocks !== 1 ? (blocks === 0 ? 'no B (2×2 block): nothing to free' : `${blocks} B blocks: keep exactly one`) : null;
  message.textContent = problem ?? t('valid');
  message.classList.toggle('invalid', problem !== null);
  $<HTMLAnchorElement>('solve').setAttribute('aria-disabled', String(problem !== null));
  $<HTMLAnchorElement>('solve').href = problem ? '#' : `/s/${code}`;
  $<HTMLInputElement>('width').value = String(layout.width);
  $<HTMLInputElement>('height').value = String(layout.height);
}

codeInput.value = initial;
if (parsedInitial.ok) show(layout);
else {
  message.textContent = parsedInitial.error.message;
  message.classList.add('invalid');
}

codeInput.addEventListener('input', () => {
  if (isTilesCode(codeInput.value)) {
    const t = parseTiles(codeInput.value);
    if (t.ok) showTiles(t.value, true);
    else {
      message.textContent = t.error.message;
      message.classList.add('invalid');
      $('solve').setAttribute('aria-disabled', 'true');
    }
    return;
  }
  tiles = null;
  const r = parseLayout(codeInput.value);
  if (r.ok) show(r.value, true);
  else {
    message.textContent = r.error.message;
    message.classList.add('invalid');
    $('solve').setAttribute('aria-disabled', 'true');
  }
});

const tool = () => (document.querySelector<HTMLInputElement>('input[name=tool]:checked')?.value ?? 'S');

// Click: erase, or place the chosen shape with its top-left on the cell. Drag: move a piece.
let drag: { piece: Piece; dr: number; dc: number; start: [number, number] } | null = null;
board.root.addEventListener('pointerdown', (e) => {
  if (tiles) return;
  const cell = board.cellAt(e);
  if (!cell) return;
  const piece = layout.pieces.find((p) => covers(p, cell[0], cell[1]));
  if (piece && tool() !== 'erase') {
    drag = { piece, dr: cell[0] - piece.row, dc: cell[1] - piece.col, start: cell };
    board.root.setPointerCapture(e.pointerId);
  }
});
board.root.addEventListener('pointerup', (e) => {
  const cell = board.cellAt(e);
  if (tiles) {
    if (cell) tileClick(cell[0] * tiles.width + cell[1]);
    return;
  }
  const d = drag;
  drag = null;
  if (!cell) return;
  if (d && (cell[0] !== d.start[0] || cell[1] !== d.start[1])) {
    const row = cell[0] - d.dr;
    const col = cell[1] - d.dc;
    if (fits(layout, d.piece, row, col, d.piece)) show({ ...layout, pieces: layout.pieces.map((p) => (p === d.piece ? { ...p, row, col } : p)) });
    return;
  }
  const piece = layout.pieces.find((p) => covers(p, cell[0], cell[1]));
  if (piece) {
    if (tool() === 'erase' || d) show({ ...layout, pieces: layout.pieces.filter((p) => p !== piece) });
    return;
  }
  if (tool() === 'erase') return;
  const shape = FIXED_SHAPES[tool()]!;
  if (fits(layout, shape, cell[0], cell[1])) show({ ...layout, pieces: [...layout.pieces, { letter: tool(), row: cell[0], col: cell[1], width: shape.width, height: shape.height }] });
});

// 数字华容道 mode: click a tile next to the blank to slide it, or click two tiles to swap them (placing numbers);
// Shuffle makes a random solvable position.
let tiles: TilesBoard | null = null;
let picked: number | null = null;
const tilesBoardView = () => tilesToLayout(tiles!);

function showTiles(next: TilesBoard, fromText = false): void {
  tiles = next;
  board.setLayout(structuredClone(tilesBoardView()));
  board.root.querySelector('.board-exit')?.remove();
  const code = formatTiles(next);
  if (!fromText) codeInput.value = code;
  const solvable = parityInvariant(next) === parityInvariant(solvedTiles(next.width, next.height));
  message.textContent = solvable ? t('valid') : `${t('valid')} (unsolvable: the tiles' parity cannot reach the goal)`;
  message.classList.toggle('invalid', !solvable);
  $('solve').setAttribute('aria-disabled', 'false');
  $<HTMLAnchorElement>('solve').href = `/s/${code}`;
  $<HTMLInputElement>('width').value = String(next.width);
  $<HTMLInputElement>('height').value = String(next.height);
}

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
  showTiles({ ...tiles!, cells });
}

function shuffle(width: number, height: number): TilesBoard {
  const n = width * height;
  const cells = Uint8Array.from({ length: n }, (_, i) => (i + 1) % n);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  const board = { width, height, cells };
  if (parityInvariant(board) !== parityInvariant(solvedTiles(width, height))) {
    // Swapping two tiles (not the blank) flips the parity.
    const [a, b] = [...cells.keys()].filter((i) => cells[i] !== 0);
    [cells[a!], cells[b!]] = [cells[b!]!, cells[a!]!];
  }
  return board;
}

$('tiles-shuffle').addEventListener('click', () => {
  const w = Math.min(6, Math.max(2, Number($<HTMLInputElement>('width').value) || 4));
  const h = Math.min(6, Math.max(2, Number($<HTMLInputElement>('height').value) || 4));
  showTiles(shuffle(tiles ? tiles.width : w === 4 && h === 5 ? 4 : w, tiles ? tiles.height : w === 4 && h === 5 ? 4 : h));
});
$('tiles-solved').addEventListener('click', () => showTiles(solvedTiles(tiles?.width ?? 3, tiles?.height ?? 3)));
if (isTilesCode(initial)) {
  const t0 = parseTiles(initial);
  if (t0.ok) showTiles(t0.value);
}

function resize(): void {
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
  tiles = null;
  show({ ...layout, pieces: [] });
});
$<HTMLSelectElement>('preset').addEventListener('change', (e) => {
  const value = (e.target as HTMLSelectElement).value;
  if (isTilesCode(value)) {
    const t0 = parseTiles(value);
    if (t0.ok) showTiles(t0.value);
    return;
  }
  tiles = null;
  const r = parseLayout(value);
  if (r.ok) show(r.value);
});
$('solve').addEventListener('click', (e) => {
  if ($('solve').getAttribute('aria-disabled') === 'true') e.preventDefault();
});
