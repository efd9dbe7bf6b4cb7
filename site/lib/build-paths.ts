/**
 * Files the site build reads. Astro bundles these modules into dist/ before running them, so paths are resolved from
 * the project root (where `npm run build` runs), not from import.meta.url.
 */
import { pathToFileURL } from 'node:url';

export const BUILD_TABLEBASE_DIR = new URL('site/public/tablebase/', pathToFileURL(`${process.cwd()}/`));

/** The classic puzzles' answers, computed by scripts/build-classics.ts before the site is built. */
export const BUILD_CLASSICS_ANSWERS = new URL('site/generated/classics-answers.json', pathToFileURL(`${process.cwd()}/`));
