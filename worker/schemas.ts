/**
 * Request and response schemas. The handlers validate with these and /openapi.json is generated from them, so the
 * document cannot drift from what the API accepts.
 */
import { z } from '@hono/zod-openapi';
import { MAX_CODE_LENGTH } from '../solver/klotski/model/codec.ts';
import { STOP_REASONS } from '../solver/shared/outcome.ts';

const StateSchema = z.enum(['solved', 'unsolvable', 'unknown']).openapi({
  description: 'solved: a solution (optimal unless `optimal` is false); unsolvable: proven (`proof` says how); unknown: the search stopped before it proved either (`lowerBound`, `stoppedBy`)',
});

const ProofSchema = z
  .union([
    z.object({ by: z.literal('space'), positions: z.number().int().openapi({ description: 'every position reachable from the start, all explored' }) }),
    z.object({ by: z.literal('parity'), rule: z.string().openapi({ description: 'tiles: the invariant whose parity differs from the goal\'s' }) }),
    z.object({ by: z.literal('table') }).openapi({ description: 'the classic tablebase' }),
  ])
  .openapi('Proof', { description: 'How a puzzle was proven to have no solution' });

const StoppedBySchema = z.enum(STOP_REASONS as [string, ...string[]]).openapi({
  description: 'why the search stopped: its memory, time, work or position budget, its depth limit, a solve job\'s steps (`steps`), or a cancel',
});

export const MetricSchema = z.enum(['move', 'straight', 'step']).openapi({
  description: 'move: one piece to any reachable position = 1; straight: one direction, any distance = 1; step: one cell = 1',
});

const CellSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]).openapi({ description: '[row, col], 0-based' });

export const GoalSchema = z
  .object({
    piece: z.union([z.string().regex(/^[A-Za-z]$/), CellSchema]).openapi({ description: 'the goal piece: a letter, or its top-left [row, col]' }),
    at: CellSchema.openapi({ description: 'target top-left [row, col]' }),
  })
  .openapi('Goal');

const LayoutSchema = z
  .string()
  .min(1)
  .max(MAX_CODE_LENGTH)
  .openapi({ description: 'Layout code: rows joined by "-" (B 2×2, V 1×2 tall, H 2×1 wide, S 1×1, any other letter one piece of any shape made of all its cells, . empty, _ or # a cell that is not part of the board), or a CommonCode; or a Rush Hour board in Fogleman\'s notation (rush: and a square board\'s cells row by row: o or . empty, x a wall, A the red car, any other letter a vehicle; implies slide line); or a 数字华容道 tiles code (digits 1–9 then A–Z, . blank), e.g. 1234-5678-9ABC-DEF.', example: 'VBBV-VBBV-VHHV-VSSV-S..S' });

/** Checked by the solver (slide.ts `checkSlide`), whose message names the rules, rather than by an enum here. */
const SlideSchema = z.string().max(16).openapi({
  description: 'How pieces slide: free (default: any piece any way) or line (Rush Hour: a 1×k or k×1 bar slides only along its length, every other piece never moves; default goal: the car A to the right edge of its row). A rush: layout code implies line.',
  example: 'line',
});

const OptimalSchema = z.boolean().openapi({ description: 'tiles 5×5 and larger: insist on a proven optimal solution (within the budget) instead of the fast mode' });

const GoalTextSchema = z.string().max(MAX_CODE_LENGTH).openapi({
  description:
    'The goal as text. Klotski: a piece and the cell its anchor must reach (`B@3,1`, or by its anchor `0,0@4,2`), or a goal drawing — the board\'s rows with each goal piece\'s letter on its target cells, `.` on every other board cell, `_` where the board has `_` (solved when every piece drawn covers its cells; the others may end anywhere). Tiles puzzles: a tiles code.',
  example: '....-....-....-.BB.-.BB.',
});

export const SolveQuerySchema = z.object({
  layout: LayoutSchema,
  goal: GoalTextSchema.optional(),
  metric: MetricSchema.optional(),
  slide: SlideSchema.optional(),
  optimal: z.enum(['true', 'false']).optional().openapi({ description: 'as `optimal` in the POST body' }),
});

export const SolveBodySchema = z
  .object({
    layout: LayoutSchema,
    metric: MetricSchema.optional(),
    slide: SlideSchema.optional(),
    goal: z.union([GoalSchema, GoalTextSchema]).optional(),
    optimal: OptimalSchema.optional(),
  })
  .openapi('SolveRequest');

export const MoveSchema = z
  .object({
    from: CellSchema.openapi({ description: "moved piece's top-left before" }),
    to: CellSchema.openapi({ description: 'and after' }),
    path: z.array(CellSchema).openapi({ description: 'every cell the top-left passes, from..to' }),
  })
  .openapi('Move');

export const SolveResultSchema = z
  .object({
    layout: z.string().openapi({ description: 'the request layout in canonical readable form' }),
    canonical: z.string().openapi({ description: 'symmetry-folded code used as the cache key' }),
    kind: z.enum(['klotski', 'tiles']),
    commonCode: z.string().optional(),
    goal: z.union([
      z.object({
        piece: CellSchema,
        at: CellSchema,
        drawing: z.string().optional().openapi({ description: 'with a goal drawing: the drawing, in canonical form' }),
        pieces: z.array(z.object({ letter: z.string(), piece: CellSchema, at: CellSchema })).optional().openapi({ description: 'with a goal drawing: every goal piece, its anchor now and the anchor it must reach' }),
      }),
      z.object({ code: z.string() }),
    ]),
    reason: z.string().optional().openapi({ description: 'tiles: why no solution exists (parity)' }),
    status: z.enum(['solved', 'unsolvable']),
    state: StateSchema,
    proof: ProofSchema.optional().openapi({ description: 'with unsolvable: how it was proven (absent only where an old answer did not say)' }),
    solvable: z.boolean(),
    optimal: z.boolean(),
    metric: MetricSchema,
    slide: z.enum(['line']).optional().openapi({ description: 'present under the line rule (Rush Hour); absent: free' }),
    length: z.number().int().nullable(),
    lowerBound: z.number().int().optional().openapi({ description: 'with a best known solution (optimal: false, posted by a browser): no solution is shorter' }),
    message: z.string().optional().openapi({ description: 'with a best known solution: says it is not proven shortest' }),
    explored: z.number().int().optional().openapi({ description: 'with unsolvable: positions explored to prove it' }),
    moves: z.array(MoveSchema),
    stats: z.object({
      algorithm: z.enum(['table', 'astar', 'bfs', 'ida', 'ida-pdb', 'weighted', 'parity', 'posted']).openapi({ description: 'posted: a line a browser found and sent (POST /solve/answers), replayed here' }),
      nodes: z.number().int(),
      ms: z.number(),
      ttBytes: z.number().int(),
      estimate: z.number(),
      engine: z.enum(['webassembly', 'typescript']).optional().openapi({ description: 'searches: where the search ran' }),
    }),
    cached: z.boolean(),
  })
  .openapi('SolveResult');

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'row-length' }),
      message: z.string().openapi({ example: 'row 3 has 5 cells, expected 4' }),
      at: z.object({ row: z.number().int(), col: z.number().int() }).optional(),
      lowerBound: z.number().int().optional().openapi({ description: 'with budget-exceeded: no solution is shorter (absent when none was proven)' }),
      cached: z.boolean().optional().openapi({ description: 'with budget-exceeded: answered from the cache, no search spent' }),
      stoppedBy: StoppedBySchema.optional().openapi({ description: 'with budget-exceeded: why the search stopped' }),
    }),
  })
  .openapi('Error');

/** 503 budget-exceeded: no answer yet (the third state), with what was proven. */
export const UnknownSchema = ErrorSchema.extend({ state: z.literal('unknown') }).openapi('Unknown');

export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string(), cacheVersion: z.string() }).openapi('Health');

const JobProgressSchema = z
  .object({
    steps: z.number().int().openapi({ description: 'steps of search run so far' }),
    nodes: z.number().int().openapi({ description: 'positions expanded so far' }),
    lowerBound: z.number().int().openapi({ description: 'no solution is shorter (proven so far)' }),
    elapsedMs: z.number().openapi({ description: 'since the job started' }),
  })
  .openapi('JobProgress');

const QueuePlaceSchema = z
  .object({
    position: z.number().int().openapi({ description: 'its place in line, from 1: the next job to start when a slot frees' }),
    ahead: z.number().int().openapi({ description: 'jobs that start before it' }),
  })
  .openapi('QueuePlace', { description: 'present while the job waits for a free slot (its status stays searching: not ended)' });

export const JobAcceptedSchema = z.object({
  state: z.literal('unknown'),
  status: z.literal('searching'),
  code: z.literal('budget-exceeded'),
  message: z.string().openapi({ description: 'what is proven so far, why the request stopped, and where the job is' }),
  lowerBound: z.number().int().optional().openapi({ description: 'no solution is shorter (absent when none was proven)' }),
  stoppedBy: StoppedBySchema,
  cached: z.boolean(),
  job: z.object({
    id: z.string(),
    url: z.string().openapi({ description: 'GET it for progress and, once the job ends, the answer' }),
    steps: z.number().int(),
    nodes: z.number().int(),
    lowerBound: z.number().int(),
  }),
  queue: QueuePlaceSchema.optional(),
}).openapi('JobAccepted');

export const JobSchema = z
  .object({
    id: z.string(),
    status: z.enum(['searching', 'solved', 'unsolvable', 'budget-exceeded', 'failed']).openapi({
      description: 'budget-exceeded: the job spent its steps (answer unknown; searched again after a day, or when the solver changes); failed: the job stopped on an error',
    }),
    state: StateSchema.optional().openapi({ description: 'once the job ended: solved, unsolvable, or unknown (it spent its steps)' }),
    progress: JobProgressSchema,
    queue: QueuePlaceSchema.optional(),
    result: SolveResultSchema.optional().openapi({ description: 'with solved and unsolvable: the /solve answer' }),
    error: z.object({ code: z.string(), message: z.string(), lowerBound: z.number().int().optional(), stoppedBy: StoppedBySchema.optional() }).optional(),
  })
  .openapi('Job');

/** The longest line POST /solve/answers takes (its body is bounded too: app.ts MAX_ANSWER_BYTES). */
export const MAX_ANSWER_MOVES = 1000;

export const AnswerBodySchema = z
  .object({
    layout: LayoutSchema,
    metric: MetricSchema.optional(),
    goal: z.union([GoalSchema, GoalTextSchema]).optional(),
    moves: z.array(MoveSchema).max(MAX_ANSWER_MOVES).openapi({ description: 'the solution, in the request layout\'s orientation, in the form a /solve answer gives it (`path` is checked in the straight and step metrics)' }),
  })
  .openapi('AnswerRequest');

export const AnswerStoredSchema = z
  .object({
    stored: z.boolean().openapi({ description: 'false: the server already had a line as short' }),
    state: z.literal('solved').optional(),
    optimal: z.boolean().optional().openapi({ description: 'true only where the line is as short as a lower bound the server proved' }),
    length: z.number().int(),
    lowerBound: z.number().int().optional().openapi({ description: 'no solution is shorter (proven by the server)' }),
    message: z.string(),
  })
  .openapi('AnswerStored');
