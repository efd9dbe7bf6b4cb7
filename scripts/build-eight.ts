/**
 * npm run build:eight — the 8-puzzle tables (solver/tiles/eight-table.ts): per metric and kind of goal, every 3×3
 * arrangement's distance to the goal mod 3, into site/public/eight/ (served to the Worker as static assets). Each file
 * is written whole or not at all. `--if-missing`: only when a file is absent.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { buildEightTable, EIGHT_GOAL_KINDS, eightTableFileName, serializeEightTable } from '../solver/tiles/eight-table.ts';
import type { TilesMetric } from '../solver/tiles/search.ts';

const DIR = new URL('../site/public/eight/', import.meta.url);
const METRICS: TilesMetric[] = ['move', 'straight'];
const files = METRICS.flatMap((metric) => EIGHT_GOAL_KINDS.map((kind) => ({ metric, kind, name: eightTableFileName(kind, metric) })));

if (process.argv.includes('--if-missing') && files.every((f) => existsSync(new URL(f.name, DIR)))) {
  console.log('8-puzzle tables present (site/public/eight/)');
  process.exit(0);
}
mkdirSync(DIR, { recursive: true });
for (const { metric, kind, name } of files) {
  const started = performance.now();
  const { table, farthest, reachable } = buildEightTable(kind, metric);
  const partial = new URL(`${name}.partial`, DIR);
  writeFileSync(partial, serializeEightTable(table, kind, metric));
  renameSync(partial, new URL(name, DIR));
  console.log(`${name}: ${reachable.toLocaleString('en')} positions, farthest ${farthest} ${metric === 'move' ? 'moves' : 'straight moves'}, ${(performance.now() - started).toFixed(0)} ms`);
}
