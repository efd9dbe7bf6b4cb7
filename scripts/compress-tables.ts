/**
 * npm run build (after Astro): gzip copies of the binary tables — the 4×4 pattern databases and the classic
 * tablebase — under versioned names (`<name>.<sha-256 prefix>.gz`), and a manifest, `dist/tables.json`, mapping each
 * table to its copy with both sizes. Browsers read the manifest, fetch the copy (immutable: a new build is a new
 * name), show progress against its size, and unpack it with DecompressionStream. The plain files stay for the Worker
 * (it reads them from its assets, never over the network) and for anyone fetching them directly.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { TableCopy } from '../site/solve/table-files.ts';

const DIST = new URL('../dist/', import.meta.url);
const started = performance.now();
const files: Record<string, TableCopy> = {};
let raw = 0;
let packed = 0;
const gzipped = promisify(gzip);
// The files are packed at once on libuv's thread pool (one core each); the manifest lists them in name order.
const copies: Array<Promise<[string, TableCopy]>> = [];
for (const dir of ['pdb', 'tablebase']) {
  const folder = new URL(`${dir}/`, DIST);
  // Copies of an earlier build in the same dist/ are dropped first.
  for (const name of readdirSync(folder)) if (name.endsWith('.gz')) rmSync(new URL(name, folder));
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith('.json')) continue;
    const bytes = readFileSync(new URL(name, folder));
    copies.push(
      gzipped(bytes, { level: 9 }).then((gz): [string, TableCopy] => {
        const version = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
        const copy = `${name}.${version}.gz`;
        writeFileSync(new URL(copy, folder), gz);
        raw += bytes.length;
        packed += gz.length;
        return [`${dir}/${name}`, { url: `/${dir}/${copy}`, bytes: bytes.length, gzipBytes: gz.length }];
      }),
    );
  }
}
for (const [key, copy] of await Promise.all(copies)) files[key] = copy;
writeFileSync(new URL('tables.json', DIST), JSON.stringify({ version: 1, files }));
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
console.log(`tables: ${Object.keys(files).length} gzip copies, ${mb(raw)} MB → ${mb(packed)} MB (${((packed / raw) * 100).toFixed(0)}%) in ${((performance.now() - started) / 1000).toFixed(1)} s → dist/tables.json`);
