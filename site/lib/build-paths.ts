/**
 * Files the site build reads. Astro bundles these modules into dist/ before running them, so paths are resolved from
 * the project root (where `npm run build` runs), not from import.meta.url.
 */
import { pathToFileURL } from 'node:url';

export const BUILD_TABLEBASE_DIR = new URL('site/public/tablebase/', pathToFileURL(`${process.cwd()}/`));

/** The classic puzzles' answers: data the product computed (scripts/build-classics.ts), kept in git, checked by the build. */
export const BUILD_CLASSICS_ANSWERS = new URL('data/puzzles/classics-answers.json', pathToFileURL(`${process.cwd()}/`));
