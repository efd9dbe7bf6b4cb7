/** A map bounded by the bytes of its values: reading an entry makes it the newest; the oldest go first. */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array>();
  private total = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += value.length;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= old.length;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (!value) return;
    this.entries.delete(key);
    this.total -= value.length;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get bytes(): number {
    return this.total;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}
