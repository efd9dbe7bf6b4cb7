// Astro static site: sources in site/, built into dist/, which the Worker serves as static assets.
import { defineConfig } from 'astro/config';

// Asset files named without the '@' Astro puts in a page's style chunk ("index@_@astro"): the asset server answers
// such a path with a 307 to its %40-escaped spelling, a round trip on every load of /embed/ (the widget's frame).
const assetFileNames = (asset) => `_astro/${(asset.names?.[0] ?? asset.name ?? 'asset').replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '-')}.[hash][extname]`;
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
