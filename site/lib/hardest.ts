/** Build-time data for /hardest/: the tablebase's statistics (site/public/tablebase/stats.json, made by build:tables). */
import { readFileSync } from 'node:fs';
import { METRICS, type Metric } from '../../solver/index.ts';
import { STATS_FILE } from '../../solver/node/tablebase-files.ts';
import { BUILD_TABLEBASE_DIR } from './build-paths.ts';

interface Farthest {
  distance: number | null;
  example: string | null;
}

export interface MixStats {
  mix: string;
  vertical: number;
  horizontal: number;
  soldiers: number;
  positions: number;
  solvable: number;
  farthest: Record<Metric, Farthest>;
}

export interface MixGroupStats {
  positions: number;
  solvable: number;
  farthest: Record<Metric, Farthest & { mix: string }>;
  mixes: MixStats[];
}

/** The classic board (two empty cells) at the top level; the mixes with three empty cells under `threeEmpty`. */
export interface TablebaseStats extends MixGroupStats {
  threeEmpty: MixGroupStats;
}

export function tablebaseStats(): TablebaseStats {
  return JSON.parse(readFileSync(new URL(STATS_FILE, BUILD_TABLEBASE_DIR), 'utf8')) as TablebaseStats;
}

/** Each metric's unit, as the page names it (the i18n keys metric.* translate it). */
export const METRIC_UNITS = { move: 'moves', straight: 'straight moves', step: 'steps' } as const;

/** The /s/ link of a position in a metric. */
export function solutionHref(code: string, metric: Metric): string {
  return `/s/${code}${metric === 'move' ? '' : `?metric=${metric}`}`;
}

/** Mixes ordered by their farthest distance in a metric, hardest first (mixes with no solvable position last). */
export function byHardest(stats: MixGroupStats, metric: Metric): MixStats[] {
  return [...stats.mixes].sort((a, b) => (b.farthest[metric].distance ?? -1) - (a.farthest[metric].distance ?? -1));
}

export { METRICS };
