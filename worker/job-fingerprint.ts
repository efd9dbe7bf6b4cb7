/**
 * The solver's fingerprint, stored with a solve job's give-up: a give-up made by another solver is not an answer for
 * this one, so a job searches again once the fingerprint has changed (jobs.ts `retryDue`).
 *
 * It is the SHA-256 of the WebAssembly engine's bytes (the search every Klotski job step runs), of CACHE_VERSION and of
 * JOB_SEARCH_REVISION. The bytes are read from the static assets (`/engine/bitboard-search.wasm`, which `npm run
 * build:wasm` copies from the very file the Worker bundles), once per isolate: the Worker's own imported module is
 * compiled and offers no bytes to hash. A rebuilt engine therefore changes it by itself; a change in the TypeScript
 * around it (solver/resumable*.ts, the tiles search) bumps JOB_SEARCH_REVISION by hand.
 */
import { CACHE_VERSION } from './cache.ts';
import type { Env } from './env.ts';
import { SharedLoad } from './shared-load.ts';

/** Bump when a job's search changes outside the engine's bytes (its TypeScript side, its limits' meaning). */
export const JOB_SEARCH_REVISION = 1;

const ENGINE_PATH = '/engine/bitboard-search.wasm';

const engineDigest = new SharedLoad<string | null>({
  staleMs: 5_000,
  retryMs: 60_000,
  fallback: null,
  onError: (_, e) => console.error('engine bytes unreadable; job fingerprints are unknown for a minute:', e),
});

async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This deployment's fingerprint (24 hex digits), or null when the engine's bytes cannot be read (no assets binding, a
 * failed fetch): an unknown fingerprint never counts as a change, so a passing failure starts no search again.
 */
export async function solverFingerprint(env: Env): Promise<string | null> {
  const assets = env.ASSETS;
  if (!assets) return null;
  const engine = await engineDigest.get('engine', async () => {
    const res = await assets.fetch(new Request(`https://assets.local${ENGINE_PATH}`));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return sha256Hex(await res.arrayBuffer());
  });
  if (engine === null) return null;
  return (await sha256Hex(new TextEncoder().encode(`${engine}:${CACHE_VERSION}:${JOB_SEARCH_REVISION}`))).slice(0, 24);
}
