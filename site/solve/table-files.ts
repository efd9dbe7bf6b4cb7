/**
 * The binary tables in the browser: fetched through the build's manifest (/tables.json) as their gzip copies under
 * versioned, immutable names, unpacked with DecompressionStream, with progress reported as bytes arrive. Falls back
 * to the plain file (/pdb/…, /tablebase/…) when there is no manifest or no copy.
 */
/** One entry of /tables.json (written by scripts/compress-tables.ts). */
export interface TableCopy {
  /** The gzip copy's URL path, e.g. /pdb/15-2_3_4.pdb.1a2b3c4d5e6f.gz */
  url: string;
  /** Size of the table itself. */
  bytes: number;
  /** Size of the copy (what travels). */
  gzipBytes: number;
}

export type DownloadProgress = (loaded: number, total: number) => void;

const manifests = new Map<string, Promise<Record<string, TableCopy> | null>>();

/** The manifest of the site at `base` ('' for this one), read once. */
function manifest(base: string): Promise<Record<string, TableCopy> | null> {
  let pending = manifests.get(base);
  if (!pending) {
    pending = fetch(`${base}/tables.json`)
      .then(async (res) => (res.ok ? ((await res.json()) as { files: Record<string, TableCopy> }).files : null))
      .catch(() => null);
    manifests.set(base, pending);
  }
  return pending;
}

/** How many bytes fetching these tables moves (the copies' sizes when there are copies). */
export async function downloadSize(base: string, paths: string[]): Promise<number> {
  const files = await manifest(base);
  return paths.reduce((sum, path) => sum + (files?.[path]?.gzipBytes ?? 0), 0);
}

/** The table at `path` (e.g. "pdb/15-2_3_4.pdb"), unpacked; `onBytes` gets each chunk's size as it arrives. */
export async function fetchTable(base: string, path: string, onBytes?: (bytes: number) => void): Promise<Uint8Array> {
  const copy = (await manifest(base))?.[path];
  const res = await fetch(`${base}${copy ? copy.url : `/${path}`}`);
  if (!res.ok || !res.body) throw new Error(`${path}: HTTP ${res.status}`);
  const chunks: Uint8Array[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes?.(value.length);
  }
  const body = new Blob(chunks as BlobPart[]);
  if (!copy) return new Uint8Array(await body.arrayBuffer());
  return new Uint8Array(await new Response(body.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
}

/** Fetches several tables at once with one running total of the bytes moved. */
export async function fetchTables(base: string, paths: string[], onProgress?: DownloadProgress): Promise<Uint8Array[]> {
  const total = await downloadSize(base, paths);
  let loaded = 0;
  return Promise.all(
    paths.map((path) =>
      fetchTable(base, path, (n) => {
        loaded += n;
        onProgress?.(loaded, Math.max(total, loaded));
      }),
    ),
  );
}
