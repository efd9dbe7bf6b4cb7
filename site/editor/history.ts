/**
 * The editor's Undo and Redo: every change is one step, kept as a snapshot of the state before it (the layout's code
 * and its goal). Undo goes from the past to the future one step, Redo back; a new change forgets the future.
 */
export class History<Snapshot> {
  private readonly past: Snapshot[] = [];
  private readonly future: Snapshot[] = [];
  private readonly take: () => Snapshot;
  private readonly put: (snapshot: Snapshot) => void;
  private readonly changed: (canUndo: boolean, canRedo: boolean) => void;

  /**
   * `take` snapshots the current state, `put` shows a snapshot again; `changed` hears when either list changes (to
   * enable the buttons).
   */
  constructor(take: () => Snapshot, put: (snapshot: Snapshot) => void, changed: (canUndo: boolean, canRedo: boolean) => void) {
    this.take = take;
    this.put = put;
    this.changed = changed;
    this.report();
  }

  /** Records the state before a change (call it, then change). */
  remember(): void {
    this.past.push(this.take());
    this.future.length = 0;
    this.report();
  }

  /** Records `snapshot` as the state before a change already made (a typed code, once it is left). */
  rememberWas(snapshot: Snapshot): void {
    this.past.push(snapshot);
    this.future.length = 0;
    this.report();
  }

  undo(): void {
    this.travel(this.past, this.future);
  }

  redo(): void {
    this.travel(this.future, this.past);
  }

  private travel(from: Snapshot[], to: Snapshot[]): void {
    const snapshot = from.pop();
    if (snapshot === undefined) return;
    to.push(this.take());
    this.put(snapshot);
    this.report();
  }

  private report(): void {
    this.changed(this.past.length > 0, this.future.length > 0);
  }
}
