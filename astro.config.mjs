// Astro static site: sources in site/, built into dist/, which the Worker serves as static assets.
import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';

// Asset files named without the '@' Astro puts in a page's style chunk ("index@_@astro"): the asset server answers
// such a path with a 307 to its %40-escaped spelling, a round trip on every load of /embed/ (the widget's frame).
// The name's hash is the file's own content: /_astro/ files are served immutable for a year, and the hash Astro gave
// a stylesheet stayed the same when its CSS changed (a returning visitor would keep the old styles).
const assetFileNames = (asset) => {
  const name = (asset.names?.[0] ?? asset.name ?? 'asset').replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-');
  const hash = createHash('sha256').update(asset.source).digest('base64url').slice(0, 8).replace(/[^\w]/g, '0');
  return `_astro/${name}.${hash}[extname]`;
};
const output = { assetFileNames };

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  vite: { build: { rollupOptions: { output } }, environments: { client: { build: { rollupOptions: { output } } } } },
});
