/**
 * npm run bench:jobs-probe — issue 48's load probe against `wrangler dev` on loopback: four hard solve jobs started by
 * four clients, then, while they run, a cache hit timed at concurrency 1 (against the same hit idle), over-budget
 * requests from twelve other clients (how many are refused `jobs-busy`: none should be while the queue has room), and a
 * second layout from a client whose job runs (429 job-running). Then, on a fresh server, the time from a 202 to the
 * job's proof that an unsolvable 6×6 board has no solution. Bounded in requests and time; stops its servers. Writes
 * bench/RESULTS.md.
 */
import { EDGE_BUDGET, parseLayoutOrThrow, solve, type GoalSpec } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { randomLayoutCode, seededRandom } from '../test/helpers/random-layouts.ts';
import { startDevServer, type DevServer } from '../scripts/dev-server.ts';
import { writeSection } from './results.ts';
import { median } from './stats.ts';

if (!(await loadEngineFromDisk())) throw new Error('build the engine first: npm run build:wasm');

/** A cache hit: searched once, then answered from the isolate's memory or KV. */
const HIT = 'SSBB-HHBB-HHHH-HHHH-....';
/** No solution: the 2×2 block can never pass the 5×1 bar (worker/job tests use it too). */
const UNSOLVABLE = 'VBBVHH-VBBVHH-XXXXX.-SVHHSS-SVSSHH-SSSS.S';

/** Boards the edge refuses and a 2 s search in Node does not finish either: jobs that run for a while. */
function hardBoards(seed: number, count: number): Array<{ layout: string; goal: GoalSpec }> {
  const rand = seededRandom(seed);
  const boards: Array<{ layout: string; goal: GoalSpec }> = [];
  for (let attempt = 0; boards.length < count && attempt < 400; attempt++) {
    const code = randomLayoutCode(rand, 6, 6, 3);
    const layout = parseLayoutOrThrow(code);
    const b = layout.pieces.find((p) => p.letter === 'B')!;
    const goal: GoalSpec = { piece: [b.row, b.col], at: [4, 2] };
    if (solve(layout, { goal, ...EDGE_BUDGET }).status !== 'budget-exceeded') continue;
    if (solve(layout, { goal, maxMs: 2000 }).status !== 'budget-exceeded') continue;
    boards.push({ layout: code, goal });
  }
  return boards;
}

async function post(server: DevServer, body: object, ip: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function timedHit(server: DevServer): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.url}/solve?layout=${HIT}`);
  await res.text();
  if (res.status !== 200) throw new Error(`the hit answered ${res.status}`);
  return performance.now() - started;
}

const p50 = (xs: number[]) => Math.round(median(xs) * 10) / 10;
const deadline = Date.now() + 10 * 60_000;
const lines: string[] = [];

const boards = hardBoards(48, 17);
if (boards.length < 17) throw new Error(`only ${boards.length} hard boards found`);
let server = await startDevServer();
try {
  await timedHit(server);
  const idle: number[] = [];
  for (let i = 0; i < 30; i++) idle.push(await timedHit(server));

  const started = await Promise.all(boards.slice(0, 4).map((b, i) => post(server, b, `198.51.100.${i + 1}`)));
  const jobs = started.filter((r) => r.status === 202).length;
  const during: number[] = [];
  for (let i = 0; i < 30 && Date.now() < deadline; i++) during.push(await timedHit(server));
  // Twelve other clients, each with a board of its own, while the four run: queued (202), never refused jobs-busy.
  const others = await Promise.all(boards.slice(4, 16).map((b, i) => post(server, b, `198.51.100.${i + 11}`)));
  const busy = others.filter((r) => r.body?.error?.code === 'jobs-busy').length;
  const queued = others.filter((r) => r.status === 202 && r.body?.queue).length;
  const second = await post(server, boards[16]!, '198.51.100.1');
  for (let i = 0; i < 30 && Date.now() < deadline; i++) during.push(await timedHit(server));
  lines.push(
    `| four jobs started (202) | ${jobs} of 4 | |`,
    `| cache hit p50, idle | ${p50(idle)} ms | |`,
    `| cache hit p50 while the jobs run (concurrency 1, ${during.length} hits) | ${p50(during)} ms (${(median(during) / median(idle)).toFixed(2)}× idle) | within 2× idle |`,
    `| other clients' over-budget requests refused jobs-busy | ${busy} of ${others.length} (${queued} queued with their place in line) | 0 |`,
    `| a second layout from a client whose job runs | ${second.status} ${second.body?.error?.code ?? ''} | 429 job-running |`,
  );
} finally {
  await server.stop();
}

server = await startDevServer();
try {
  const sent = performance.now();
  const first = await post(server, { layout: UNSOLVABLE }, '198.51.100.200');
  let ended: any = first.body;
  if (first.status === 202) {
    const url = first.body.job.url as string;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      ended = await (await fetch(url)).json();
      if (ended.status !== 'searching') break;
    }
  }
  const seconds = (performance.now() - sent) / 1000;
  const proof = ended?.result?.proof ?? ended?.proof;
  lines.push(`| "no solution" for an unsolvable 6×6 (\`${UNSOLVABLE}\`), from the request to the job's end | ${seconds.toFixed(1)} s, ${ended?.status ?? first.status}${proof ? `, proof ${proof.by} (${proof.positions?.toLocaleString('en-US')} positions)` : ''} | within 30 s |`);
} finally {
  await server.stop();
}

const body = [
  '## Jobs no client can hog (`npm run bench:jobs-probe`)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} under \`wrangler dev\` on loopback, this 2-core machine, Node ${process.versions.node}. Four 6×6 boards the edge refuses (seeded),`,
  'each from a client of its own, then a cache hit timed one request at a time while their jobs run; twelve more clients with boards of their own; then an unsolvable board on a fresh server.',
  '',
  '| Figure | Measured | Bar |',
  '| --- | --- | --- |',
  ...lines,
  '',
].join('\n');
console.log(body);
writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Jobs no client can hog (`npm run bench:jobs-probe`)', body);
