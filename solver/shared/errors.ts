/** A structured, user-facing problem with an input: a stable code, a human message, and where. */
export interface LayoutProblem {
  code: string;
  message: string;
  /** 0-based cell the problem is about, when there is one. */
  at?: { row: number; col: number };
}

/** Thrown inside the codec only; public entry points turn it into a `LayoutProblem` value. */
export class LayoutError extends Error {
  readonly problem: LayoutProblem;
  constructor(code: string, message: string, at?: { row: number; col: number }) {
    super(message);
    this.name = 'LayoutError';
    this.problem = at ? { code, message, at } : { code, message };
  }
}

export function fail(code: string, message: string, at?: { row: number; col: number }): never {
  throw new LayoutError(code, message, at);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: LayoutProblem };

/** Runs `fn`, turning a `LayoutError` into `{ ok: false }`; any other throw is a bug and propagates. */
export function attempt<T>(fn: () => T): Parsed<T> {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (e instanceof LayoutError) return { ok: false, error: e.problem };
    throw e;
  }
}
