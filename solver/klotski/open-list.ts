/**
 * The open list of a best-first (A*) search over a state table: state indices in buckets by f = g + h, where g is the
 * moves from the start and h a lower bound on the moves left. f and g are small whole numbers, so a bucket per f
 * replaces a heap. The lowest bucket is expanded first, newest state first: of equal f, the deeper state is usually
 * the newer one, and deeper states reach the goal sooner.
 *
 * A state's g can still drop after it was queued (another parent of the same f reaches it sooner): it is queued again
 * at its new, lower f and expanded from there; its old entry comes up later and is skipped, as the state is closed.
 */
const CLOSED = 0x8000;

export class OpenList {
  /** Per state (by table index): moves from the start, with CLOSED set once it has been expanded. */
  private gs = new Uint16Array(1024);
  private buckets: Int32Array[] = [];
  private lengths = new Int32Array(64);
  /** How many buckets exist (f = 0 … top - 1). */
  private top = 0;
  /** The f of the state `pop` gave; no state of smaller f is left. */
  f = 0;

  /** Moves from the start to state `index`. */
  g(index: number): number {
    return this.gs[index]! & ~CLOSED;
  }

  /** Records state `index` (just added to the table) at g, with bound h, and queues it. */
  add(index: number, g: number, h: number): void {
    if (index >= this.gs.length) this.grow(index);
    this.gs[index] = g;
    this.queue(index, g + h);
  }

  /**
   * State `index`, bound h, found again at g: true (and it is queued again, open) when that is fewer moves than it had.
   */
  improve(index: number, g: number, h: number): boolean {
    if (g >= (this.gs[index]! & ~CLOSED)) return false;
    this.gs[index] = g;
    this.queue(index, g + h);
    return true;
  }

  /** The next state to expand (now closed; its f is `f`), or -1 when none is left. */
  pop(): number {
    const { buckets, lengths, gs } = this;
    for (let f = this.f; f < this.top; f++) {
      const bucket = buckets[f]!;
      while (lengths[f]! > 0) {
        const index = bucket[--lengths[f]!]!;
        if (gs[index]! & CLOSED) continue;
        gs[index] = gs[index]! | CLOSED;
        this.f = f;
        return index;
      }
    }
    this.f = this.top;
    return -1;
  }

  private queue(index: number, f: number): void {
    while (this.top <= f) this.addBucket();
    // A bound that is not consistent could queue below the current f; go back for it.
    if (f < this.f) this.f = f;
    const n = this.lengths[f]!;
    let bucket = this.buckets[f]!;
    if (n === bucket.length) {
      const grown = new Int32Array(2 * n);
      grown.set(bucket);
      this.buckets[f] = bucket = grown;
    }
    bucket[n] = index;
    this.lengths[f] = n + 1;
  }

  private addBucket(): void {
    if (this.top === this.lengths.length) {
      const lengths = new Int32Array(2 * this.top);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.buckets.push(new Int32Array(64));
    this.top++;
  }

  private grow(index: number): void {
    let n = this.gs.length;
    while (n <= index) n *= 2;
    const gs = new Uint16Array(n);
    gs.set(this.gs);
    this.gs = gs;
  }
}
