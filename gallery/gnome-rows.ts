/**
 * The gallery rows (data/puzzles/classics.tsv) of GNOME Klotski's levels, written from the converter's output
 * (gallery/gnome-levels.ts): names in both languages, origin and source as the hand-entered GNOME rows have them,
 * notes saying how the level was modelled, and the figure GNOME published. Pure.
 */
import { coveredCells, parseLayoutOrThrow, resolveGoal } from '../solver/index.ts';
import type { ClassicPuzzle } from './classics.ts';
import { GNOME_PACKS, type StoredGnomeLevel } from './gnome-level-data.ts';
import type { Cell, Converted } from './gnome-levels.ts';
import type { ExitProof } from './gnome-exit.ts';

export const GNOME_COMMIT = 'eafa898';
export const GNOME_ORIGIN = 'GNOME Klotski (Gnotski) level set, Lars Rydlinge and GNOME contributors, 1999-2004; designer not credited';
export const GNOME_ORIGIN_ZH = 'GNOME Klotski（Gnotski）关卡集，Lars Rydlinge 与 GNOME 贡献者，1999–2004 年；未署设计者';

/**
 * Chinese names: this site's translations, but where the layout is a traditional 华容道 one (the classic list,
 * data/classic.tsv, has the same start toward the same goal) its traditional name.
 */
const CHINESE_NAMES: Record<string, { zh: string; kind: 'traditional' | 'translation' }> = {
  'Only 18 Steps': { zh: '只需十八步', kind: 'translation' },
  Daisy: { zh: '雏菊', kind: 'translation' },
  Violet: { zh: '紫罗兰', kind: 'translation' },
  Poppy: { zh: '罂粟花', kind: 'translation' },
  Pansy: { zh: '三色堇', kind: 'translation' },
  Snowdrop: { zh: '雪花莲', kind: 'translation' },
  'Red Donkey': { zh: '横刀立马', kind: 'traditional' },
  Trail: { zh: '层层设防I', kind: 'traditional' },
  Ambush: { zh: '层层设防II', kind: 'traditional' },
  Agatka: { zh: '阿加特卡', kind: 'translation' },
  Fortune: { zh: '好运', kind: 'translation' },
  Solomon: { zh: '所罗门', kind: 'translation' },
  Cleopatra: { zh: '克利奥帕特拉', kind: 'translation' },
  Shark: { zh: '鲨鱼', kind: 'translation' },
  Rome: { zh: '罗马', kind: 'translation' },
  Ithaca: { zh: '伊萨卡', kind: 'translation' },
  Transeuropa: { zh: '横贯欧洲', kind: 'translation' },
  'American Pie': { zh: '美国派', kind: 'translation' },
  Sunshine: { zh: '阳光', kind: 'translation' },
  // Entered by hand before the converter, with these names.
  Success: { zh: '成功', kind: 'translation' },
  Bone: { zh: '骨头', kind: 'translation' },
  Fool: { zh: '傻瓜', kind: 'translation' },
  'Pennant Puzzle': { zh: '三角旗谜题', kind: 'translation' },
  Pelopones: { zh: '伯罗奔尼撒', kind: 'translation' },
  Lodzianka: { zh: '罗兹姑娘', kind: 'translation' },
  Polonaise: { zh: '波兰舞曲', kind: 'translation' },
  'Baltic Sea': { zh: '波罗的海', kind: 'translation' },
  'Traffic Jam': { zh: '交通堵塞', kind: 'translation' },
};

export const gnomeRowId = (name: string) => `gnome-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

/** The GNOME level a gallery row was entered from (its source names it), or null. */
export function gnomeLevelOfRow(row: Pick<ClassicPuzzle, 'source'>): string | null {
  return new RegExp(`klotski-window\\.vala levels\\[\\] \\(commit ${GNOME_COMMIT}\\) '([^']+)'`).exec(row.source)?.[1] ?? null;
}

/** The row of a level converted exactly (the proof says how); a level modelled otherwise has none. */
export function gnomeRow(level: StoredGnomeLevel, converted: Converted, proof: ExitProof): ClassicPuzzle {
  if (!proof.exact) throw new Error(`${level.name}: not entered, the model is not GNOME's count (${proof.reason})`);
  const zh = CHINESE_NAMES[level.name];
  if (!zh) throw new Error(`no Chinese name for the GNOME level ${level.name}`);
  return {
    id: gnomeRowId(level.name),
    name: `${level.name} (GNOME Klotski)`,
    nameZh: `${zh.zh}（GNOME Klotski）`,
    nameZhKind: zh.kind,
    origin: GNOME_ORIGIN,
    originZh: GNOME_ORIGIN_ZH,
    code: converted.code,
    goal: converted.goal,
    source: `github.com/GNOME/gnome-klotski src/klotski-window.vala levels[] (commit ${GNOME_COMMIT}) '${level.name}'`,
    notes: gnomeNotes(level, converted, proof),
    published: gnomePublished(level, converted),
  };
}

export function gnomePublished(level: StoredGnomeLevel, converted: Converted): string {
  if (level.minimum2012 === null) return 'not in the 2012 GNOME source';
  if (level.minimum2012 === 0) return 'no minimum published (SOLVEME)';
  const counted = converted.target.kind === 'door' ? ', counted to the target outside the door where there is one' : '';
  const changed = level.sameMap2012 ? '' : '; the 2012 map differs from today\'s, so that figure is for another layout';
  return `${level.minimum2012} moves (GNOME Klotski hint table minimum_moves, 2005-2012${counted}; GNOME counts consecutive moves of one piece as one move${changed})`;
}

const SEARCH_NAMES: Record<string, string> = { auto: "the product's default search", bfs: "the product's breadth-first search", astar: "the product's A* search" };

export function gnomeNotes(level: StoredGnomeLevel, converted: Converted, proof: ExitProof & { exact: true }): string {
  const { width, height, target } = converted;
  const layout = parseLayoutOrThrow(converted.code);
  const star = layout.pieces.find((p) => p.letter === 'A')!;
  const size = `${width} wide x ${height} tall${layout.holes ? ' (_ marks cells outside the tray)' : ''}, in GNOME's set "${GNOME_PACKS[level.group]}".`;
  const shaped = layout.pieces.filter((p) => !'ABHSV'.includes(p.letter)).map((p) => [p.letter, coveredCells(p)] as const);
  const pieces = ` The goal piece A (GNOME's '*') is ${shapeName(coveredCells(star))}${shaped.length ? `; ${describeShapedPieces(shaped)}` : ''}.`;
  if (target.kind === 'inside') return `${size} Target marked inside the tray (no exit).${pieces}`;
  const walk = target.exitCrosses.length === 0
    ? 'crossing no other cell of the board'
    : `crossing also ${describeCells(target.exitCrosses)}, which the move-optimal line of ${proof.by === 'line' ? SEARCH_NAMES[proof.algorithm] ?? proof.algorithm : 'a search'} leaves empty where it ends${proof.by === 'line' && proof.algorithm !== 'auto' ? ' (the line shown here, another as short, need not)' : ''} (test/gallery/gnome-levels.test.ts checks it)`;
  return `${size} In GNOME '*' leaves through a door in ${describeDoors(target.doors, width, height)} (1-based) to targets outside the tray; ` +
    `modelled as A reaching ${describeCells(target.placement)}, the one placement in the tray from which it can step into the door: from there it ` +
    `walks out to the targets alone in the same GNOME move (beyond the door only '*' may go), ${walk}, so the move count is GNOME's ` +
    `(straight and step counts end at that placement).${pieces}`;
}

/** "rows 4-5, columns 2-3" for a rectangle, else each row's columns; 1-based. */
export function describeCells(cells: Cell[]): string {
  const rows = [...new Set(cells.map(([r]) => r))].sort((a, b) => a - b);
  const columnsOf = (r: number) => cells.filter(([row]) => row === r).map(([, c]) => c).sort((a, b) => a - b);
  const range = (xs: number[]) => (xs.length === 1 ? `${xs[0]! + 1}` : xs.every((x, i) => i === 0 || x === xs[i - 1]! + 1) ? `${xs[0]! + 1}-${xs.at(-1)! + 1}` : xs.map((x) => x + 1).join(', '));
  const plural = (word: string, xs: number[]) => `${word}${xs.length > 1 ? 's' : ''} ${range(xs)}`;
  const same = rows.every((r) => columnsOf(r).join() === columnsOf(rows[0]!).join());
  if (same) return `${plural('row', rows)} ${plural('column', columnsOf(rows[0]!))}`;
  const each = rows.map((r) => `row ${r + 1} ${plural('column', columnsOf(r))}`);
  return `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** Where door cells are, by the wall they are in: "the bottom wall under columns 2-3". */
function describeDoors(doors: Cell[], width: number, height: number): string {
  const walls = new Map<string, number[]>();
  const add = (wall: string, x: number) => walls.set(wall, [...(walls.get(wall) ?? []), x]);
  for (const [r, c] of doors) {
    const inRows = r >= 0 && r < height;
    const inColumns = c >= 0 && c < width;
    if (inColumns) add(r < 0 ? 'the top wall above column' : 'the bottom wall under column', c);
    else if (inRows) add(c < 0 ? 'the left wall beside row' : 'the right wall beside row', r);
    else add(`the ${r < 0 ? 'top' : 'bottom'}-${c < 0 ? 'left' : 'right'} corner`, -1);
  }
  const phrases = [...walls].map(([wall, xs]) => {
    if (xs[0] === -1) return wall;
    const sorted = xs.sort((a, b) => a - b);
    const plural = sorted.length > 1 ? 's' : '';
    return `${wall}${plural} ${sorted.length > 1 ? `${sorted[0]! + 1}-${sorted.at(-1)! + 1}` : sorted[0]! + 1}`;
  });
  return phrases.length === 1 ? phrases[0]! : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}

/** "C is a 1x5 bar; D, E and F are each a 1x4 bar". */
function describeShapedPieces(pieces: ReadonlyArray<readonly [string, Cell[]]>): string {
  const byShape = new Map<string, string[]>();
  for (const [letter, cells] of pieces) byShape.set(shapeName(cells), [...(byShape.get(shapeName(cells)) ?? []), letter]);
  const and = (xs: string[]) => (xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
  return [...byShape].map(([shape, letters]) => `${and(letters)} ${letters.length > 1 ? 'are each' : 'is'} ${shape}`).join('; ');
}

/** Named free polyominoes (rotations and reflections alike) of 3 to 5 cells that are not rectangles. */
const POLYOMINOES: Record<string, string> = {
  'L-tromino': '00 10 11', 'T-tetromino': '00 01 02 11', 'L-tetromino': '00 10 20 21', 'S-tetromino': '01 02 10 11',
  'F-pentomino': '01 02 10 11 21', 'L-pentomino': '00 10 20 30 31', 'N-pentomino': '01 11 20 21 30', 'P-pentomino': '00 01 10 11 20',
  'T-pentomino': '00 01 02 11 21', 'U-pentomino': '00 02 10 11 12', 'V-pentomino': '00 10 20 21 22', 'W-pentomino': '00 10 11 21 22',
  'X-pentomino': '01 10 11 12 21', 'Y-pentomino': '01 10 11 21 31', 'Z-pentomino': '00 01 11 21 22',
};

function canonicalShape(cells: Cell[]): string {
  const forms = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
    const moved = cells.map(([r, c]): Cell => {
      const [a, b] = k & 4 ? [c, r] : [r, c];
      return [k & 1 ? -a : a, k & 2 ? -b : b];
    });
    const [r0, c0] = [Math.min(...moved.map(([r]) => r)), Math.min(...moved.map(([, c]) => c))];
    return moved.map(([r, c]) => [r - r0, c - c0]).sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!).map(([r, c]) => `${r}${c}`).join(' ');
  });
  return forms.sort()[0]!;
}

/** "a 1x5 bar", "a 3x2 block", "an L-tromino", "a 7-cell piece". */
export function shapeName(cells: Cell[]): string {
  const rs = cells.map(([r]) => r);
  const cs = cells.map(([, c]) => c);
  const [w, h] = [Math.max(...cs) - Math.min(...cs) + 1, Math.max(...rs) - Math.min(...rs) + 1];
  if (cells.length === w * h) return `a ${w}x${h} ${w === 1 || h === 1 ? (w * h === 2 ? 'piece' : 'bar') : 'block'}`;
  const canonical = canonicalShape(cells);
  const name = Object.keys(POLYOMINOES).find((n) => canonicalShape(POLYOMINOES[n]!.split(' ').map((rc) => [Number(rc[0]), Number(rc[1])])) === canonical);
  return name ? `an ${name}`.replace(/^an ([^AEFHILMNORSX])/, 'a $1') : `a ${cells.length}-cell piece`;
}

/**
 * Whether two codes and goal drawings are one puzzle whatever the letters: the same board, the same pieces (as cell
 * sets), and each goal target the same piece to the same cells, shared with pieces of its letter or not. Null when
 * they are; else what differs.
 */
export function differenceUpToLetters(a: { code: string; goal: string }, b: { code: string; goal: string }): string | null {
  const view = ({ code, goal }: { code: string; goal: string }) => {
    const layout = parseLayoutOrThrow(code);
    const cellsKey = (cells: Array<[number, number]>) => cells.map(([r, c]) => `${r},${c}`).sort().join(' ');
    const targets = resolveGoal(layout, { drawing: goal }).targets!.map((t) => {
      const piece = layout.pieces[t.pieceIndex]!;
      return `${cellsKey(coveredCells(piece))} → ${cellsKey(coveredCells({ ...piece, row: t.row, col: t.col }))}${t.shared ? ' (shared)' : ''}`;
    });
    return { board: `${layout.width}x${layout.height} holes ${layout.holes?.join(' ') ?? ''}`, pieces: layout.pieces.map((p) => cellsKey(coveredCells(p))).sort(), targets: targets.sort() };
  };
  const [x, y] = [view(a), view(b)];
  if (x.board !== y.board) return `boards differ: ${x.board} / ${y.board}`;
  const onlyIn = (p: string[], q: string[]) => p.filter((s) => !q.includes(s));
  if (x.pieces.join('|') !== y.pieces.join('|')) return `pieces differ: cells ${onlyIn(x.pieces, y.pieces).join('; ')} / ${onlyIn(y.pieces, x.pieces).join('; ')}`;
  if (x.targets.join('|') !== y.targets.join('|')) return `goals differ: ${x.targets.join('; ')} / ${y.targets.join('; ')}`;
  return null;
}
