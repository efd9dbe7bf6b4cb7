/**
 * The order in which vitest starts test files: longest first, by the durations in test/run/durations.json (written by
 * `npm run test:durations` from a JSON report). Vitest's own order needs its results cache, which a fresh clone does
 * not have: it then starts the largest files first, and a long file started last on two cores left one of them idle
 * at the end of a group for half a minute.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a file took, keyed by its path from the root (a file belongs to one project). */
type Durations = Record<string, number>;
const LIST = new URL('./durations.json', import.meta.url);
const DURATIONS: Durations = existsSync(LIST) ? JSON.parse(readFileSync(LIST, 'utf8')) : {};
/** A file not in the list yet (a new one) is taken for a middling one: neither first nor left for the end. */
const UNKNOWN_SECONDS = 5;

export function durationKey(root: string, file: string): string {
  return relative(root, file);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (spec: TestSpecification) => DURATIONS[durationKey(spec.project.config.root, spec.moduleId)] ?? UNKNOWN_SECONDS;
    return [...files].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds(b) - seconds(a));
  }
}
