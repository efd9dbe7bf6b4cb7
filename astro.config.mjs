// Astro static site (sources in site/); filled in with the site.
import { defineConfig } from 'astro/config';

export default defineConfig({ srcDir: './site', output: 'static' });
