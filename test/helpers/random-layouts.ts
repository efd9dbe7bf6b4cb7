/** Seeded random layouts on assorted board sizes, written as codes (so they go through the codec like user input). */

export function seededRandom(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    s = (s ^ (s >>> 12)) >>> 0;
    return s % n;
  };
}

const SHAPES: Array<[string, number, number]> = [
  ['V', 1, 2],
  ['H', 2, 1],
  ['S', 1, 1],
  ['S', 1, 1],
];

/** A random layout with one B, assorted pieces, a one-off bar now and then, and `empty` empty cells at least. */
export function randomLayoutCode(rand: (n: number) => number, width: number, height: number, empty: number): string {
  const grid = Array.from({ length: height }, () => new Array<string>(width).fill('.'));
  const free = (r: number, c: number, w: number, h: number) => {
    if (r + h > height || c + w > width) return false;
    for (let rr = r; rr < r + h; rr++) for (let cc = c; cc < c + w; cc++) if (grid[rr]![cc] !== '.') return false;
    return true;
  };
  const put = (letter: string, r: number, c: number, w: number, h: number) => {
    for (let rr = r; rr < r + h; rr++) for (let cc = c; cc < c + w; cc++) grid[rr]![cc] = letter;
  };
  put('B', rand(height - 1), rand(width - 1), 2, 2);
  let filled = 4;
  if (width >= 4 && rand(3) === 0) {
    const r = rand(height);
    const c = rand(width - 2);
    if (free(r, c, 3, 1)) {
      put('X', r, c, 3, 1);
      filled += 3;
    }
  }
  for (let attempt = 0; attempt < 400 && width * height - filled > empty; attempt++) {
    const [letter, w, h] = SHAPES[rand(SHAPES.length)]!;
    const r = rand(height);
    const c = rand(width);
    if (!free(r, c, w, h)) continue;
    if (w * h > width * height - filled - empty) continue;
    put(letter, r, c, w, h);
    filled += w * h;
  }
  return grid.map((row) => row.join('')).join('-');
}
