/**
 * The site's public origin for links the Worker writes into cacheable responses (og:url, canonical links, oEmbed):
 * the SITE_ORIGIN var when set, so a forged Host header cannot end up in a cached page; else the request's own origin
 * (as under `wrangler dev`) — and then shared caches may keep such a response only when that origin is a local one
 * (`linkCaching`).
 */
import type { Env } from './env.ts';

function configuredOrigin(env: Env | undefined): string | null {
  const configured = env?.SITE_ORIGIN?.trim();
  if (!configured) return null;
  try {
    return new URL(configured).origin;
  } catch {
    console.error(`SITE_ORIGIN ${JSON.stringify(configured)} is not a URL; using the request's origin`);
    return null;
  }
}

export function siteOrigin(env: Env | undefined, requestUrl: string): string {
  return configuredOrigin(env) ?? new URL(requestUrl).origin;
}

const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Cache-Control for a response carrying links from `siteOrigin`: `shared` (e.g. "public, max-age=300") when the origin
 * is configured or local; otherwise the links came from a Host header nobody vouched for, and the response is for this
 * client alone, so a forged Host cannot poison a shared cache.
 */
export function linkCaching(env: Env | undefined, requestUrl: string, shared: string): string {
  if (configuredOrigin(env)) return shared;
  return LOCAL_HOST.test(new URL(requestUrl).hostname) ? shared : 'private, no-store';
}
