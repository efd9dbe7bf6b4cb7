/**
 * The open list of a best-first (A*) search over a state table: state indices in buckets by f = g + h, where g is the
 * moves from the start and h a lower bound on the moves left. f and g are small whole numbers, so a bucket per f
 * replaces a heap. The lowest bucket is expanded first, newest state first: of equal f, the deeper state is usually
 * the newer one, and deeper states reach the goal sooner.
 *
 * A state's g can still drop after it was queued (another parent of the same f reaches it sooner): it is queued again
 * at its new f, and the stale entry is skipped when it comes up.
 */
export class OpenList {
  /** Per state (by table index): moves from the start, the bound on moves left, and whether it was expanded. */
  g = new Uint16Array(1024);
  h = new Uint16Array(1024);
  closed = new Uint8Array(1024);
  private buckets: Int32Array[] = [];
  private lengths: number[] = [];
  /** The lowest f that may hold a state; every state of smaller f has been expanded. */
  f = 0;

  /** Records state `index` (just added to the table) at g and h, and queues it. */
  add(index: number, g: number, h: number): void {
    if (index >= this.g.length) this.grow(index);
    this.g[index] = g;
    this.h[index] = h;
    this.closed[index] = 0;
    this.queue(index, g + h);
  }

  /** A state found again at g: true (and it is queued again) when that is fewer moves than it had. */
  improve(index: number, g: number): boolean {
    if (g >= this.g[index]!) return false;
    this.g[index] = g;
    this.closed[index] = 0;
    this.queue(index, g + this.h[index]!);
    return true;
  }

  /** The next state to expand (marked expanded), or -1 when none is left. */
  pop(): number {
    const { buckets, lengths } = this;
    for (let f = this.f; f < lengths.length; f++) {
      const bucket = buckets[f]!;
      while (lengths[f]! > 0) {
        const index = bucket[--lengths[f]!]!;
        if (this.closed[index] || this.g[index]! + this.h[index]! !== f) continue;
        this.closed[index] = 1;
        this.f = f;
        return index;
      }
    }
    this.f = lengths.length;
    return -1;
  }

  private queue(index: number, f: number): void {
    while (this.lengths.length <= f) {
      this.buckets.push(new Int32Array(64));
      this.lengths.push(0);
    }
    // A bound that is not consistent could queue below the current f; go back for it.
    if (f < this.f) this.f = f;
    let bucket = this.buckets[f]!;
    const n = this.lengths[f]!;
    if (n === bucket.length) {
      const grown = new Int32Array(2 * n);
      grown.set(bucket);
      this.buckets[f] = bucket = grown;
    }
    bucket[n] = index;
    this.lengths[f] = n + 1;
  }

  private grow(index: number): void {
    let n = this.g.length;
    while (n <= index) n *= 2;
    const g = new Uint16Array(n);
    g.set(this.g);
    this.g = g;
    const h = new Uint16Array(n);
    h.set(this.h);
    this.h = h;
    const closed = new Uint8Array(n);
    closed.set(this.closed);
    this.closed = closed;
  }
}
