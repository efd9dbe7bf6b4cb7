/** How a /solve answer is cached at the edge: a weak ETag naming the answer, and immutable caching. */

/** W/"…" over the answer without what varies between deliveries of it (`cached`, and the stats of the solve). */
export async function answerEtag(body: object): Promise<string> {
  return `W/"${await sha256Hex(JSON.stringify({ ...body, cached: undefined, stats: undefined }))}"`;
}

export const ANSWER_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The response the Cache API keeps for a GET /solve: the answer as served from a cache. */
export async function cachedAnswerResponse(body: Record<string, unknown>, etag?: string): Promise<Response> {
  const served = { ...body, cached: true };
  return new Response(JSON.stringify(served), {
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ETag: etag ?? (await answerEtag(served)), 'Cache-Control': ANSWER_CACHE_CONTROL },
  });
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
