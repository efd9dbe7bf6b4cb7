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

/** A tiles code: the solved width×height board with the blank walked `steps` times at random (always solvable). */
export function scrambledTiles(seed: number, width: number, height: number, steps: number): string {
  const rand = seededRandom(seed);
  const n = width * height;
  const cells = [...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, n - 1), '.'];
  let blank = n - 1;
  for (let i = 0; i < steps; i++) {
    const r = Math.floor(blank / width);
    const c = blank % width;
    const next = [r > 0 ? blank - width : -1, r < height - 1 ? blank + width : -1, c > 0 ? blank - 1 : -1, c < width - 1 ? blank + 1 : -1].filter((x) => x >= 0);
    const to = next[rand(next.length)]!;
    [cells[blank], cells[to]] = [cells[to]!, cells[blank]!];
    blank = to;
  }
  return Array.from({ length: height }, (_, r) => cells.slice(r * width, r * width + width).join('')).join('-');
}
