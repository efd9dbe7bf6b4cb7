/**
 * Smaller limits for the in-browser search, for tests (and anyone curious how the page behaves when a search gives
 * up): `localStorage['huarong:search-limits'] = '{"memoryMB": 2, "maxMs": 1500, "maxNodes": 100000}'` on the site's
 * origin makes the page's, the widget's and /embed/'s searches in this browser stop that early. They can only lower
 * the product's own limits, never raise them, and each has a floor, so nothing stored there can make a search run
 * longer or take more memory than it would without it. Read on the main thread (a Web Worker has no localStorage)
 * and sent with each solve request, as stored: the worker parses them.
 */

export const SEARCH_LIMITS_KEY = 'huarong:search-limits';

export interface SearchLimits {
  memoryBytes?: number;
  maxMs?: number;
  maxNodes?: number;
}

/** The lowest each limit may be set to: a search still starts and reports, it only stops sooner. */
const FLOOR = { memoryMB: 1, maxMs: 100, maxNodes: 1000 } as const;

/** The limits stored as JSON (`memoryMB`, `maxMs`, `maxNodes`, each optional); anything else is ignored. */
export function parseSearchLimits(raw: string | null | undefined): SearchLimits {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const read = (key: keyof typeof FLOOR): number | undefined => {
    const n = (value as Record<string, unknown>)[key];
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.max(FLOOR[key], n) : undefined;
  };
  const memoryMB = read('memoryMB');
  const maxMs = read('maxMs');
  const maxNodes = read('maxNodes');
  return {
    ...(memoryMB !== undefined ? { memoryBytes: Math.floor(memoryMB * 1024 * 1024) } : {}),
    ...(maxMs !== undefined ? { maxMs } : {}),
    ...(maxNodes !== undefined ? { maxNodes: Math.floor(maxNodes) } : {}),
  };
}

/** The product's limits, each lowered to the requested one where that is lower (never raised). */
export function lowerLimits(defaults: { memoryBytes: number; maxMs: number; maxNodes?: number }, requested: SearchLimits): { memoryBytes: number; maxMs: number; maxNodes?: number } {
  const min = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
  const maxNodes = min(defaults.maxNodes, requested.maxNodes);
  return {
    memoryBytes: min(defaults.memoryBytes, requested.memoryBytes)!,
    maxMs: min(defaults.maxMs, requested.maxMs)!,
    ...(maxNodes !== undefined ? { maxNodes } : {}),
  };
}

/**
 * This origin's stored limits, as stored (null where there are none or storage cannot be read: a sandboxed frame, a
 * blocked cookie policy). The worker parses them itself, so nothing but what parseSearchLimits accepts reaches it.
 */
export function storedSearchLimits(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SEARCH_LIMITS_KEY);
  } catch {
    return null;
  }
}
