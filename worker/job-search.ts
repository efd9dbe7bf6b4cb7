/**
 * What a solve job's steps run, per kind of puzzle: Klotski boards on the engine's resumable IDA* (its table kept in
 * the isolate between steps, copied to KV every `JOB_TABLE_EVERY` steps: job-tables.ts), 15-puzzles on the 4×4
 * databases' IDA* (no table: a step goes on anywhere; an isolate without the expanded databases builds them in parts,
 * a step's work at a time). The Workflow (solve-workflow.ts) knows only this interface.
 */
import {
  FifteenExpansion,
  beginSearch,
  beginSpaceSearch,
  dropSpaceSearch,
  isSpaceCheckpoint,
  spaceCapacity,
  spaceSearchSlice,
  type SpaceCheckpoint,
  beginTilesSearch,
  copyTable,
  holdsTable,
  searchSlice,
  tilesSearchSlice,
  type Move,
  type PatternDatabase,
  type SearchCheckpoint,
  type TilesCheckpoint,
} from '../solver/index.ts';
import { dropTableCopy, loadTableCopy, saveTableCopy, tableEvery } from './job-tables.ts';
import { ensureEngine } from './engine.ts';
import type { Env } from './env.ts';
import { JOB_TABLE_BYTES, instanceIdOf, type JobParams } from './jobs.ts';
import { loadDatabases } from './solve-plans.ts';

export type JobCheckpoint = SearchCheckpoint | TilesCheckpoint | SpaceCheckpoint;

/**
 * A Klotski job's first steps search its space breadth-first (solver/resumable-space.ts), at most this many steps and
 * positions: a board with no solution whose space fits ends `unsolvable` with its proof (IDA* proves it only by
 * exhausting its bound, and on such boards ran all its steps), a small space ends solved (breadth-first: optimal). A
 * space larger than that hands over to IDA*, having cost at most an eighth of the job's steps. (`estimateStates` does
 * not choose: it is an upper bound, 10^10 on 6×6 boards whose reachable spaces are 125,000 positions.)
 */
export const SPACE_MAX_STEPS = 128;
/** Positions the breadth-first steps may store: the memory of a job's IDA* table. */
export const SPACE_MAX_BYTES = JOB_TABLE_BYTES;

/**
 * A step's work runs in this many parts, the event loop handed back between them: under `wrangler dev` (and wherever a
 * Workflow's steps share the isolate that serves requests) a request that arrives during a step — a cache hit — waits
 * for one part, not for the whole step (four jobs' whole steps made a hit's median 14× its idle one).
 */
export const STEP_PARTS = 16;

/** A turn of the event loop: what was waiting (a request, its KV read coming back) runs before the next part. */
const handBack = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The work of one part of a step of `stepWork`. */
const partOf = (stepWork: number) => Math.max(1, Math.ceil(stepWork / STEP_PARTS));

export type StepOutcome =
  | { done: false; checkpoint: JobCheckpoint; lowerBound: number; nodes: number; note: string }
  | { done: true; status: 'solved' | 'unsolvable' | 'budget-exceeded'; length: number | null; moves: Move[]; lowerBound: number; nodes: number; ttBytes: number; algorithm: string; note: string };

export interface JobSearch {
  /** The first checkpoint (or, for a job run before, where its last saved state lets it go on). */
  begin(): Promise<JobCheckpoint>;
  /** Step `n` of `stepWork` units from `from`. */
  step(from: JobCheckpoint, n: number): Promise<StepOutcome>;
  /** Steps the search has taken by this checkpoint (a job that goes on from a saved copy counts them). */
  stepsDone(checkpoint: JobCheckpoint): number;
  /** Counts for the job's record: steps that started the search again, and that took up a saved copy. */
  counts(last: JobCheckpoint): { restarts: number; adoptions: number };
  /** Drops what the job kept beside its record (table copies). */
  cleanUp(): Promise<void>;
}

export function jobSearch(env: Env, job: JobParams): JobSearch {
  return job.kind === 'tiles' ? fifteenJob(env, job) : klotskiJob(env, job);
}

function klotskiJob(env: Env, job: JobParams): JobSearch {
  const every = tableEvery(env);
  const owner = instanceIdOf(job.id, job.attempt);
  return {
    async begin() {
      ensureEngine();
      const saved = await loadTableCopy(env, job.id);
      // Only this attempt's own copy (a copy an attempt before left behind is another solver's search, maybe).
      if (saved && saved.owner === owner) {
        console.log(`job ${job.id}: goes on from the copy of its table at step ${saved.slices}`);
        return saved.checkpoint;
      }
      return beginSpaceSearch(job.layout, { metric: job.metric, goal: job.goal, maxPositions: spaceCapacity(job.layout, job.goal, SPACE_MAX_BYTES), owner });
    },
    async step(checkpoint, n) {
      ensureEngine();
      if (isSpaceCheckpoint(checkpoint)) return spaceStep(checkpoint, n);
      const from = checkpoint as SearchCheckpoint;
      // The table gone from this isolate (another isolate, a restart): go on with its last copy, if there is one.
      const table = from.slices > 0 && !holdsTable(from) ? await loadTableCopy(env, job.id) : null;
      let result = searchSlice(from, { maxWork: partOf(job.stepWork), table });
      let restarted = result.restarted;
      for (let part = 1; part < STEP_PARTS && !result.done; part++) {
        await handBack();
        result = searchSlice(result.checkpoint, { maxWork: partOf(job.stepWork) });
        restarted ||= result.restarted;
      }
      result.restarted = restarted;
      if (!result.done && n % every === 0) {
        const copy = copyTable(result.checkpoint);
        if (copy) await saveTableCopy(env, job.id, copy);
      }
      const note = result.restarted ? ' (its table was gone: started again)' : table ? ` (its table was gone: went on with the copy of step ${table.slices})` : '';
      if (!result.done) return { done: false, checkpoint: result.checkpoint, lowerBound: result.lowerBound, nodes: result.nodes, note };
      return { ...result, algorithm: 'ida', note };
    },
    // A search checkpoint counts its slices: STEP_PARTS a step.
    stepsDone: (checkpoint) => (isSpaceCheckpoint(checkpoint) ? 0 : Math.ceil(checkpoint.slices / STEP_PARTS)),
    counts: (last) => (isSpaceCheckpoint(last) ? { restarts: 0, adoptions: 0 } : { restarts: (last as SearchCheckpoint).restarts, adoptions: (last as SearchCheckpoint).adoptions }),
    cleanUp: () => {
      dropSpaceSearch(owner);
      return dropTableCopy(env, job.id);
    },
  };

  /** A breadth-first step: the space's answer, the next checkpoint, or IDA*'s first one (too large, steps spent, or lost). */
  async function spaceStep(from: SpaceCheckpoint, n: number): Promise<StepOutcome> {
    let slice = n > SPACE_MAX_STEPS ? null : spaceSearchSlice(from, { maxWork: partOf(job.stepWork) });
    for (let part = 1; slice && !slice.done && part < STEP_PARTS; part++) {
      await handBack();
      slice = spaceSearchSlice(slice.checkpoint, { maxWork: partOf(job.stepWork) });
    }
    if (slice && !slice.done) return { done: false, checkpoint: slice.checkpoint, lowerBound: slice.checkpoint.lowerBound, nodes: slice.checkpoint.nodes, note: ` (breadth-first: ${slice.checkpoint.positions} positions reached)` };
    if (slice && (slice.status === 'unsolvable' || slice.status === 'solved')) {
      const solved = slice.status === 'solved';
      const note = ` (breadth-first: ${solved ? 'solved' : 'every reachable position explored'}, ${slice.positions} positions)`;
      const moves = slice.status === 'solved' ? slice.moves : [];
      const length = solved ? moves.length : null;
      return { done: true, status: slice.status, length, moves, lowerBound: length ?? 0, nodes: slice.positions, ttBytes: 0, algorithm: 'bfs', note };
    }
    dropSpaceSearch(owner);
    const why = !slice ? `its ${SPACE_MAX_STEPS} steps spent` : slice.status === 'lost' ? 'its table gone from this isolate' : 'its table full';
    const checkpoint = beginSearch(job.layout, { metric: job.metric, goal: job.goal, maxWork: job.stepWork * job.maxSteps, owner, ttBytes: JOB_TABLE_BYTES });
    return { done: false, checkpoint, lowerBound: from.lowerBound, nodes: from.nodes, note: ` (breadth-first stopped, ${why}, at ${from.positions} positions: IDA* goes on)` };
  }
}

/**
 * The databases expanded in this isolate, built in parts by the steps of any 15-puzzle job (a value shared between
 * requests, never a promise); null until the first step has the databases.
 */
let expansion: { of: PatternDatabase[]; tables: FifteenExpansion } | null = null;

function fifteenJob(env: Env, job: JobParams): JobSearch {
  return {
    begin: async () => beginTilesSearch(job.layout),
    async step(from, _n) {
      const databases = await loadDatabases(env);
      if (!databases) throw new Error('the 4×4 pattern databases cannot be had from the static assets');
      if (expansion?.of !== databases) expansion = { of: databases, tables: new FifteenExpansion(databases) };
      // Expanding the databases: parts of their own size, one step's work in one go (a smaller slice still expands a
      // whole part, so parts of a step would expand STEP_PARTS of them: that many times a step's CPU).
      const expanding = !expansion.tables.done;
      let result = tilesSearchSlice(from, { maxWork: expanding ? job.stepWork : partOf(job.stepWork), expansion: expansion.tables });
      for (let part = 1; !expanding && part < STEP_PARTS && !result.done; part++) {
        await handBack();
        result = tilesSearchSlice(result.checkpoint, { maxWork: partOf(job.stepWork), expansion: expansion.tables });
      }
      if (!result.done) {
        const note = result.expanding ? ` (expanding the 4×4 databases: ${result.expanding.parts} of ${result.expanding.of} parts)` : '';
        return { done: false, checkpoint: result.checkpoint, lowerBound: result.lowerBound, nodes: result.nodes, note };
      }
      return { ...result, ttBytes: 0, algorithm: 'ida-pdb', note: '' };
    },
    stepsDone: (checkpoint) => Math.ceil(checkpoint.slices / STEP_PARTS),
    counts: () => ({ restarts: 0, adoptions: 0 }),
    cleanUp: async () => undefined,
  };
}

