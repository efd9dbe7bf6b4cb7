/**
 * A solve job's step hands the event loop back between its parts (worker/job-search.ts): a request that arrives in the
 * same isolate during a step waits for one part, never for the whole step.
 */
import { describe, expect, it } from 'vitest';
import { beginSpaceSearch, canonicalize, dropSpaceSearch, parseLayoutOrThrow, spaceSearchSlice } from '../../solver/index.ts';
import { STEP_PARTS, jobSearch } from '../../worker/job-search.ts';
import type { JobParams } from '../../worker/jobs.ts';
import { realEnv } from './helpers.ts';

/** No solution and a space of 125,478 positions (job-space.test.ts): its breadth-first steps go on for many parts. */
const UNSOLVABLE_6X6 = 'VBBVHH-VBBVHH-XXXXX.-SVHHSS-SVSSHH-SSSS.S';

function params(stepWork: number): JobParams {
  const layout = canonicalize(parseLayoutOrThrow(UNSOLVABLE_6X6), null).code;
  return { id: `steps-${stepWork}`, key: `test:${layout}`, width: 6, height: 6, input: { layout, metric: 'move' }, startedAt: Date.now(), stepWork, maxSteps: 1000, layout, goal: null, metric: 'move', kind: 'klotski' } as JobParams;
}

/** Runs one step while a timer of another "request" counts the turns of the event loop it gets meanwhile. */
async function turnsDuring(step: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await step();
  running = false;
  return turns;
}

describe('a job step in parts', () => {
  it(`gives other requests a turn between each of its ${STEP_PARTS} parts, and does a whole step's work`, async () => {
    const search = jobSearch(realEnv, params(200_000));
    const first = await search.begin();
    let after: unknown = null;
    const turns = await turnsDuring(async () => {
      after = await search.step(first, 1);
    });
    // Each hand-back lets the waiting timer run once (timers run in the order they were armed).
    expect(turns).toBeGreaterThanOrEqual(STEP_PARTS - 1);
    const outcome = after as { done: boolean; nodes: number; checkpoint: { positions: number }; note: string };
    expect(outcome.done).toBe(false);
    expect(outcome.note).toMatch(/breadth-first: \d+ positions reached/);

    // The same work as the whole step's in one slice (each part charged a sixteenth of it).
    const whole = spaceSearchSlice(beginSpaceSearch(UNSOLVABLE_6X6, { metric: 'move', goal: null, maxPositions: 1 << 20, owner: 'whole' }), { maxWork: 200_000 });
    if (whole.done) throw new Error('one step settled the space');
    expect(outcome.nodes).toBeGreaterThan(0.9 * whole.checkpoint.nodes);
    expect(outcome.nodes).toBeLessThan(1.1 * whole.checkpoint.nodes);
    dropSpaceSearch('whole');
    await search.cleanUp();
  });
});
