/**
 * Tablebase files: `HRTB1 <json header>\n` then the packed 2-bit values. The header names the board, mix and metric
 * and carries the value count, the statistics of the table and an FNV-1a checksum of the data; a file that is
 * damaged, truncated or for another mix or metric is refused on load.
 */
import { fnv1a } from '../shared/checksum.ts';
import type { Metric } from '../shared/metric.ts';
import type { BuiltTable } from './build.ts';
import { mixTag, type Mix } from './mixes.ts';

const MAGIC = 'HRTB1';
/** Where the files live among the static assets (and under site/public/ in the repository). */
export const TABLEBASE_PATH = '/tablebase/';

export interface TableHeader {
  board: '4x5';
  mix: string;
  metric: Metric;
  entries: number;
  bits: 2;
  positions: number;
  solvable: number;
  farthest: number;
  fnv1a: number;
}

export function tableFileName(mix: Mix, metric: Metric): string {
  return `${metric}-${mixTag(mix)}.bin`;
}

export function serializeTable(table: BuiltTable, positions: number): Uint8Array {
  const header: TableHeader = {
    board: '4x5',
    mix: mixTag(table.mix),
    metric: table.metric,
    entries: table.mix.size,
    bits: 2,
    positions,
    solvable: table.solvable,
    farthest: table.farthest,
    fnv1a: fnv1a(table.data),
  };
  const head = new TextEncoder().encode(`${MAGIC} ${JSON.stringify(header)}\n`);
  const out = new Uint8Array(head.length + table.data.length);
  out.set(head);
  out.set(table.data, head.length);
  return out;
}

/** Checks a file against the mix and metric it should hold; returns the packed values or throws saying what is wrong. */
export function deserializeTable(bytes: Uint8Array, mix: Mix, metric: Metric): Uint8Array {
  const name = tableFileName(mix, metric);
  const newline = bytes.indexOf(10);
  const head = newline < 0 ? '' : new TextDecoder().decode(bytes.subarray(0, Math.min(newline, 1024)));
  if (!head.startsWith(`${MAGIC} `)) throw new Error(`tablebase ${name}: not a Huarong tablebase file`);
  let meta: TableHeader;
  try {
    meta = JSON.parse(head.slice(MAGIC.length + 1)) as TableHeader;
  } catch {
    throw new Error(`tablebase ${name}: unreadable header`);
  }
  if (meta.mix !== mixTag(mix) || meta.metric !== metric || meta.bits !== 2) {
    throw new Error(`tablebase ${name}: holds ${meta.metric} ${meta.mix}, expected ${metric} ${mixTag(mix)}`);
  }
  const data = bytes.slice(newline + 1);
  if (meta.entries !== mix.size || data.length !== Math.ceil(mix.size / 4)) {
    throw new Error(`tablebase ${name}: ${data.length} bytes of values, expected ${Math.ceil(mix.size / 4)} (truncated file?)`);
  }
  if (fnv1a(data) !== meta.fnv1a) throw new Error(`tablebase ${name}: checksum mismatch (damaged file); rebuild with npm run build:tables`);
  return data;
}
