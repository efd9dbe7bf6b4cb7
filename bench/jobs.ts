/**
 * npm run bench:jobs — solve jobs under `wrangler dev` (issue 36's outcome): random boards of the hidden set's kinds
 * (5×5 to 6×6, three or four empty cells, custom goals) that the edge budget refuses and the CLI solves within 2 s
 * unbudgeted, each sent to /solve and followed to its job's answer (optimal and replayed); 50 identical requests;
 * and a restart of `wrangler dev` in the middle of a job. Writes bench/RESULTS.md.
 */
import { EDGE_BUDGET, beginSearch, canonicalize, checkSolution, formatLayout, parseLayoutOrThrow, resolveGoal, searchSlice, solve, type GoalSpec } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { randomLayoutCode, seededRandom } from '../test/helpers/random-layouts.ts';
import { startDevServer, type DevServer } from '../scripts/dev-server.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

if (!(await loadEngineFromDisk())) throw new Error('build the engine first: npm run build:wasm');

/** A job's table (worker/jobs.ts JOB_TABLE_BYTES; that module needs the Workers types, this script runs in Node). */
const JOB_TABLE_BYTES = 8 << 20;

interface Board {
  code: string;
  goal: GoalSpec;
  length: number;
  cliMs: number;
}

/** The hidden set's kinds, generated as issue 34's figures were (seeded). */
function refusedBoards(seed: number, count: number): { boards: Board[]; tried: number; refused: number } {
  const rand = seededRandom(seed);
  const kinds = [[5, 5, 3], [5, 5, 4], [5, 6, 3], [6, 5, 4], [6, 6, 3], [6, 6, 4]] as const;
  const boards: Board[] = [];
  let tried = 0;
  let refused = 0;
  for (let attempt = 0; tried < count && attempt < 3000; attempt++) {
    const [w, h, e] = kinds[attempt % kinds.length]!;
    const code = randomLayoutCode(rand, w, h, e);
    const layout = parseLayoutOrThrow(code);
    const b = layout.pieces.find((p) => p.letter === 'B')!;
    const at: [number, number] = rand(2) ? [rand(h - 1), rand(w - 1)] : [h - 2, Math.floor((w - 2) / 2)];
    const goal: GoalSpec = { piece: [b.row, b.col], at };
    const probe = solve(layout, { algorithm: 'bfs', goal, maxMs: 5000 });
    if (probe.status !== 'solved' || probe.length! < 9 || probe.length! > 45) continue;
    tried++;
    if (solve(layout, { goal, ...EDGE_BUDGET }).status === 'solved') continue;
    refused++;
    const started = performance.now();
    const cli = solve(layout, { goal });
    const cliMs = performance.now() - started;
    if (cli.status === 'solved' && cliMs <= 2000) boards.push({ code, goal, length: cli.length!, cliMs });
  }
  return { boards, tried, refused };
}

/** A POST /solve; a connection that fails is status 0 (counted, not thrown). */
async function post(server: DevServer, body: object, ip: string): Promise<{ status: number; body: any }> {
  try {
    const res = await fetch(`${server.url}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  } catch (e) {
    console.error('request failed:', (e as Error & { cause?: { code?: string } }).cause?.code ?? e);
    return { status: 0, body: null };
  }
}

/** Follows a job until it ends; its record and the wall time from `since`. */
async function follow(url: string, since: number, limitMs = 120_000): Promise<{ job: any; ms: number }> {
  for (;;) {
    const job = await (await fetch(url)).json();
    if (job.status !== 'searching') return { job, ms: performance.now() - since };
    if (performance.now() - since > limitMs) return { job, ms: Number.POSITIVE_INFINITY };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a job for `board`, stops `wrangler dev` 2.5 s into it, starts it again (same storage) and follows the job to its
 * end. Steps lost: the job's steps beyond those of the same search run here without a stop (the same slices: the engine
 * and its budget are deterministic).
 */
async function restartRun(board: Board, metric: 'straight' | 'step', vars: Record<string, string>): Promise<string> {
  const restartStarted = performance.now();
  const start = await post(server, { layout: board.code, goal: board.goal, metric }, nextIp());
  if (start.status !== 202) return `restart: the board was answered at once (${start.status})`;
  // Some seconds into the job (its record is written every 2 s: what it says just before the stop).
  await new Promise((r) => setTimeout(r, 2500));
  const before = await (await fetch(start.body.job.url)).json();
  const persist = server.persist;
  await server.stop();
  // The last step that ended before the stop, as the job logged it ("job <id> step <n>: …").
  const id = start.body.job.id as string;
  const ran = Math.max(...[...server.output().matchAll(new RegExp(`job ${id} step (\\d+):`, 'g'))].map((m) => Number(m[1])));
  const down = performance.now();
  server = await startDevServer({ persist, vars, logLevel: 'log' });
  const upMs = performance.now() - down;
  const url = start.body.job.url.replace(/^http:\/\/[^/]+/, server.url);
  const { job, ms } = await follow(url, restartStarted);
  // Where the job's new run went on from ("goes on from the copy of its table at step <n>"; none: from the start).
  const resumed = Number(/goes on from the copy of its table at step (\d+)/.exec(server.output())?.[1] ?? 0);
  const layout = parseLayoutOrThrow(board.code);
  const problem = job.result ? checkSolution(layout, metric, job.result.moves, board.goal) : 'no result';
  const stepWork = Number(vars.JOB_STEP_WORK);
  const plain = uninterruptedSlices(board, metric, stepWork, stepWork * Number(vars.JOB_MAX_STEPS));
  const every = Number(vars.JOB_TABLE_EVERY);
  return `restart, a copy of the table in KV every ${every === 1 ? 'step' : `${every} steps`} (steps of 100,000 units, ${metric} metric): \`wrangler dev\` stopped 2.5 s into the job (its record then: ${before.status}, step ${before.progress.steps}), back up in ${fmt(upMs)} ms; the job ended ${job.status} at step ${job.progress.steps}, length ${job.result?.length} (IDA* alone ${plain.length})${problem === null ? ' ✓' : ' ✗ ' + problem}, the same search without a stop: ${plain.slices} steps; the last step done before the stop ${ran}, the new run went on from step ${resumed} — **${ran - resumed} steps done again** beside the one in flight; ${fmt(ms)} ms from the first request`;
}

/** The job's search (its canonical layout and goal, as solve-plans.ts gives it) in slices here, without a stop. */
function uninterruptedSlices(board: Board, metric: 'straight' | 'step', stepWork: number, maxWork: number): { slices: number; length: number | null } {
  const canonical = canonicalize(parseLayoutOrThrow(board.code), board.goal);
  let cp = beginSearch(formatLayout(canonical.layout), { metric, goal: canonical.goal, maxWork, ttBytes: JOB_TABLE_BYTES });
  for (let slices = 1; ; slices++) {
    const r = searchSlice(cp, { maxWork: stepWork });
    if (r.done) return { slices, length: r.length };
    cp = r.checkpoint;
  }
}

let ip = 0;
const nextIp = () => `198.18.${(++ip >> 8) & 255}.${ip & 255}`;

const { boards, tried, refused } = refusedBoards(4242, 40);
const more = refusedBoards(77, 40);
boards.push(...more.boards);
console.log(`${boards.length} boards the edge refuses and the CLI solves within 2 s (of ${tried + more.tried} generated, ${refused + more.refused} refused)`);

let server = await startDevServer();
const rows: string[] = [];
const times: number[] = [];
let answered = 0;
try {
  for (const board of boards) {
    const started = performance.now();
    const first = await post(server, { layout: board.code, goal: board.goal }, nextIp());
    if (first.status !== 202) {
      rows.push(`| \`${board.code}\` | ${board.length} | ${fmt(board.cliMs)} | ${first.status} (no job) | | | |`);
      continue;
    }
    const { job, ms } = await follow(first.body.job.url, started);
    const layout = parseLayoutOrThrow(board.code);
    const result = job.result;
    const problem = result ? checkSolution(layout, 'move', result.moves, board.goal) : 'no result';
    const ok = job.status === 'solved' && result.length === board.length && problem === null;
    if (ok && ms <= 30_000) answered++;
    times.push(ms);
    rows.push(`| \`${board.code}\` → ${board.goal.at} | ${board.length} | ${fmt(board.cliMs)} | ${job.status}, ${result?.length ?? '–'}${ok ? ' ✓' : ' ✗ ' + problem} | ${job.progress.steps} | ${job.progress.nodes.toLocaleString('en-US')} | ${fmt(ms)} |`);
    console.log(rows[rows.length - 1]);
  }

  // 50 identical requests at once, for a board no job has seen yet.
  const fresh = refusedBoards(9001, 40).boards[0]!;
  const burst = await Promise.all(Array.from({ length: 50 }, () => post(server, { layout: fresh.code, goal: fresh.goal }, nextIp())));
  const jobIds = new Set(burst.filter((r) => r.status === 202).map((r) => r.body.job.id));
  const statuses = burst.map((r) => r.status);
  const accepted = burst.find((r) => r.status === 202);
  const burstJob = accepted ? (await follow(accepted.body.job.url, performance.now())).job : null;
  const statusText = [...new Set(statuses)].map((s) => `${s === 0 ? 'connection failed' : s} ×${statuses.filter((x) => x === s).length}`).join(', ');
  if (statuses.includes(0)) console.error(`the server said:\n${server.output().split('\n').filter((l) => !/ENOTFOUND|Request.cf|at |^\s*$/.test(l)).slice(-30).join('\n')}`);
  const burstLine = `50 identical requests at once (\`${fresh.code}\` → ${fresh.goal.at}): ${statusText} (a 200 came after the job had ended); distinct jobs ${jobIds.size}; the job ended ${burstJob?.status ?? '–'} after ${burstJob?.progress.steps ?? '–'} steps`;
  console.log(burstLine);

  // A restart mid-job: the longest of the boards above in the straight metric (a new key), with steps of a sixth of the
  // default (100,000 units, up to 3,000 of them) so that the job lasts long enough to be cut. Following the job's URL
  // after the restart revives it once its record is 15 s stale (routes/jobs.ts). Once with the default copies of the
  // table (every 50 steps: the free plan's KV writes) and once with a copy every step (a deployment that can write).
  await server.stop();
  const long = [...boards].sort((a, b) => b.cliMs - a.cliMs)[0]!;
  const restartLines: string[] = [];
  for (const every of [50, 1]) {
    const vars = { JOB_STEP_WORK: '100000', JOB_MAX_STEPS: '3000', JOB_TABLE_EVERY: String(every) };
    server = await startDevServer({ vars, logLevel: 'log' });
    const metric = every === 50 ? 'straight' : 'step'; // a key no job has seen
    const line = await restartRun(long, metric, vars);
    restartLines.push(line);
    console.log(line);
    await server.stop();
  }

  const body = [
    '## Solve jobs (npm run bench:jobs)',
    '',
    `\`wrangler dev\` on this machine, default job limits (600,000 work units a step ≈ 6 ms, up to 1,000 steps). Boards: random 5×5–6×6 with three or four empty cells and custom goals (seeds 4242 and 77, the generator of issue 34's figures), solvable in 9–45 moves; of ${tried + more.tried}, the edge budget refused ${refused + more.refused}; the ${boards.length} of those the CLI solves unbudgeted within 2 s were each sent to \`POST /solve\` and followed to the job's answer (one at a time). The time is from the first request to the job's answer read at its URL (polled every 100 ms).`,
    '',
    `**Answered by the job within 30 s, optimal and replayed: ${answered} of ${boards.length}**; median ${fmt(median(times))} ms, slowest ${fmt(Math.max(...times))} ms.`,
    '',
    '| board → goal | optimum (CLI) | CLI ms | job | steps | positions | ms to answer |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `- ${burstLine}.`,
    ...restartLines.map((line) => `- ${line}.`),
    '',
  ].join('\n');
  writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Solve jobs', body);
} finally {
  await server.stop();
}
