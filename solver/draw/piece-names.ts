/**
 * Traditional names of the pieces on the classic board: 曹操 the 2×2, 关羽 the (first) horizontal general, the other
 * four generals 张飞, 赵云, 马超, 黄忠 in reading order, and the soldiers 兵1–兵4, numbered in reading order so that
 * identical pieces can be told apart on the board and in a move list. Other boards get no traditional names;
 * `pieceNames` numbers their pieces instead (S1, S2, …), for the same reason.
 */
import type { Layout } from '../klotski/model/layout.ts';

export interface PieceName {
  zh: string;
  en: string;
}

const GENERALS: PieceName[] = [
  { zh: '张飞', en: 'Zhang Fei' },
  { zh: '赵云', en: 'Zhao Yun' },
  { zh: '马超', en: 'Ma Chao' },
  { zh: '黄忠', en: 'Huang Zhong' },
];

/** Names by piece index, or null when the layout is not a classic 4×5 set (one 2×2, five generals, soldiers). */
export function traditionalNames(layout: Layout): PieceName[] | null {
  if (layout.width !== 4 || layout.height !== 5) return null;
  const count = (l: string) => layout.pieces.filter((p) => p.letter === l).length;
  if (count('B') !== 1 || count('V') + count('H') !== 5 || count('H') < 1) return null;
  if (layout.pieces.some((p) => !'BVHS'.includes(p.letter))) return null;
  let guanYu = false;
  let general = 0;
  let soldier = 0;
  return layout.pieces.map((p) => {
    if (p.letter === 'B') return { zh: '曹操', en: 'Cao Cao' };
    if (p.letter === 'S') {
      soldier++;
      return { zh: `兵${soldier}`, en: `soldier ${soldier}` };
    }
    if (p.letter === 'H' && !guanYu) {
      guanYu = true;
      return { zh: '关羽', en: 'Guan Yu' };
    }
    return GENERALS[general++]!;
  });
}

/**
 * Names for every board: the traditional ones on a classic set, else each piece's letter, numbered in reading order
 * when its shape occurs more than once (B, V1, V2, S1 … S5), so five soldiers are not five "S".
 */
export function pieceNames(layout: Layout): PieceName[] {
  const traditional = traditionalNames(layout);
  if (traditional) return traditional;
  const total = new Map<string, number>();
  for (const p of layout.pieces) total.set(p.letter, (total.get(p.letter) ?? 0) + 1);
  const seen = new Map<string, number>();
  return layout.pieces.map((p) => {
    const n = (seen.get(p.letter) ?? 0) + 1;
    seen.set(p.letter, n);
    const name = total.get(p.letter)! > 1 ? `${p.letter}${n}` : p.letter;
    return { zh: name, en: name };
  });
}
