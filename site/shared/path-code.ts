/** The layout code in a page's path (`/s/<code>`, `/embed/<code>`), or why it cannot be read. */
export function codeFromPath(prefix: string, pathname: string = location.pathname): { code: string } | { error: string } {
  const raw = pathname.slice(prefix.length).replace(/\/+$/, '');
  try {
    return { code: decodeURIComponent(raw) };
  } catch {
    return { error: `the address holds a malformed %-escape (${raw.slice(0, 40)})` };
  }
}
