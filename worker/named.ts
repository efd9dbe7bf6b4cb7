/**
 * The named classic layouts (/named.json, built with the site), fetched once per isolate; lookups by shape key. And the
 * gallery's puzzles (/puzzle-names.json): a layout toward a goal, named in English and Chinese.
 */
import { parseGoalInput, resolveGoal, shapeKey, type Layout } from '../solver/index.ts';
import type { Env } from './env.ts';
import { SharedLoad } from './shared-load.ts';

export interface NamedLayout {
  name: string;
  pinyin: string;
  en: string;
  code: string;
}

/** Shared as a value (see shared-load.ts); a failed load gives no names and is tried again ten seconds later. */
const named = new SharedLoad<Record<string, NamedLayout>>({
  staleMs: 5000,
  retryMs: 10_000,
  fallback: {},
  onError: (_, e) => console.error('named layouts unavailable:', e),
});

function load(env: Env): Promise<Record<string, NamedLayout>> {
  return named.get('named', async () => {
    const res = await env.ASSETS!.fetch(new Request('https://assets.local/named.json'));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as Record<string, NamedLayout>;
  });
}

/** The traditional name of a layout, whatever its orientation or letters; null when it has none. */
export async function nameOf(env: Env, layout: Layout): Promise<NamedLayout | null> {
  if (!env.ASSETS) return null;
  const key = shapeKey(layout);
  return key ? ((await load(env))[key] ?? null) : null;
}

/** A puzzle of the gallery (/puzzles/): its name in English and in Chinese. */
export interface PuzzleName {
  name: string;
  nameZh: string;
}

const puzzles = new SharedLoad<Record<string, Array<PuzzleName & { drawing: string }>>>({
  staleMs: 5000,
  retryMs: 10_000,
  fallback: {},
  onError: (_, e) => console.error('puzzle names unavailable:', e),
});

/** A link's `?goal=` as the canonical drawing of the goal it resolves to (null: none, or one that does not apply). */
function goalDrawing(layout: Layout, goal: string): { drawing: string | null; isDefault: boolean } | null {
  try {
    const resolved = resolveGoal(layout, parseGoalInput(goal));
    const fallback = layout.pieces.filter((p) => p.letter === 'B').length === 1 ? resolveGoal(layout) : null;
    // The default goal, drawn or named: the single B to the bottom centre, no other piece placed.
    const targets = resolved.targets ?? [{ pieceIndex: resolved.pieceIndex, row: resolved.row, col: resolved.col }];
    const isDefault = !!fallback && targets.length === 1 && targets[0]!.pieceIndex === fallback.pieceIndex && targets[0]!.row === fallback.row && targets[0]!.col === fallback.col;
    return { drawing: resolved.drawing ?? null, isDefault };
  } catch {
    return null;
  }
}

/**
 * What a /s/ page of `layout` toward the link's `goal` (null: none) is called: a gallery puzzle with that code and goal
 * by its name; else, toward the default goal, the layout's traditional name; toward any other goal nothing (another
 * puzzle: 守口如瓶II is Century's start toward the exit, not Century and a Half).
 */
export async function titleOf(env: Env, layout: Layout, canonical: string, goal: string | null): Promise<{ layout: NamedLayout } | { puzzle: PuzzleName } | null> {
  const resolved = goal === null ? { drawing: null, isDefault: true } : goalDrawing(layout, goal);
  if (!resolved) return null;
  if (resolved.drawing && env.ASSETS) {
    const byCode = await puzzles.get('puzzles', async () => {
      const res = await env.ASSETS!.fetch(new Request('https://assets.local/puzzle-names.json'));
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()) as Record<string, Array<PuzzleName & { drawing: string }>>;
    });
    const puzzle = byCode[canonical]?.find((p) => p.drawing === resolved.drawing);
    if (puzzle) return { puzzle: { name: puzzle.name, nameZh: puzzle.nameZh } };
  }
  if (!resolved.isDefault) return null;
  const named = await nameOf(env, layout);
  return named ? { layout: named } : null;
}
