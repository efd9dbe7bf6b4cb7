/**
 * Things an isolate loads once and every request then uses (the tablebase's tables, the 4×4 databases, the preview
 * font, the named layouts), shared between requests as values, never as promises.
 *
 * In workerd a promise created by one request can never settle in another once the first has ended, so a lazily
 * created module-level promise hangs every later request that awaits it if the request that created it was cancelled.
 * Here the first request that needs a value loads it; the others poll with timers of their own until it is there, or
 * load it themselves when the loader has been silent for `staleMs` (its client hung up mid-load). A load that fails
 * is remembered as a failure for `retryMs`, during which callers get the fallback at once.
 */
import { SizedLru } from './sized-lru.ts';

export interface SharedLoadOptions<T> {
  /** A load that has not finished after this long is presumed abandoned and started again by the next caller. */
  staleMs: number;
  /** After a failed load, callers get `fallback` at once for this long, then a load is tried again. */
  retryMs: number;
  /** What a failed load (or one still failed within `retryMs`) gives. */
  fallback: T;
  /** Called with the error of a failed load (to log it). */
  onError?: (key: string, error: unknown) => void;
  /** Bounds the values kept (least recently used out first): the most `sizeOf` may add up to. Default: no bound. */
  maxSize?: number;
  sizeOf?: (value: T) => number;
}

const POLL_MS = 5;

/** A key's load in progress, or its last failure. */
interface Slot {
  loadingSince?: number;
  /** Identifies the current load, so a load presumed abandoned that finishes after all cannot clear its successor's. */
  loadId?: number;
  failedAt?: number;
}

export class SharedLoad<T> {
  private readonly values: SizedLru<T>;
  private readonly slots = new Map<string, Slot>();
  private loads = 0;
  private readonly options: SharedLoadOptions<T>;

  constructor(options: SharedLoadOptions<T>) {
    this.options = options;
    this.values = new SizedLru<T>(options.maxSize ?? Number.POSITIVE_INFINITY);
  }

  /** The value under `key`, loading it with `load` unless it is there or being loaded by a live request. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    for (;;) {
      const value = this.values.get(key);
      if (value !== undefined) return value;
      const slot = this.slots.get(key) ?? {};
      const now = Date.now();
      if (slot.failedAt !== undefined && now - slot.failedAt < this.options.retryMs) return this.options.fallback;
      if (slot.loadingSince === undefined || now - slot.loadingSince > this.options.staleMs) return this.load(key, load, now);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The value under `key` if it is loaded (no I/O, no waiting). */
  peek(key: string): T | undefined {
    return this.values.get(key);
  }

  /** What the kept values add up to, by `sizeOf`. */
  get size(): number {
    return this.values.size;
  }

  /** Forgets `key` (a value that turned out to be bad, or to bound what is kept). */
  delete(key: string): void {
    this.values.delete(key);
    this.slots.delete(key);
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.values.clear();
    this.slots.clear();
  }

  private async load(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const loadId = ++this.loads;
    this.slots.set(key, { loadingSince: now, loadId });
    try {
      const value = await load();
      this.values.set(key, value, this.options.sizeOf?.(value) ?? 0);
      if (this.slots.get(key)?.loadId === loadId) this.slots.delete(key);
      return value;
    } catch (error) {
      this.options.onError?.(key, error);
      if (this.slots.get(key)?.loadId === loadId) this.slots.set(key, { failedAt: Date.now() });
      return this.options.fallback;
    }
  }
}
