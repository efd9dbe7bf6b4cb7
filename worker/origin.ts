/**
 * The site's public origin for links the Worker writes into cacheable responses (og:url, canonical links, oEmbed):
 * the SITE_ORIGIN var when set, so a forged Host header cannot end up in a cached page; else the request's own origin
 * (as under `wrangler dev`).
 */
import type { Env } from './env.ts';

export function siteOrigin(env: Env | undefined, requestUrl: string): string {
  const configured = env?.SITE_ORIGIN?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      console.error(`SITE_ORIGIN ${JSON.stringify(configured)} is not a URL; using the request's origin`);
    }
  }
  return new URL(requestUrl).origin;
}
