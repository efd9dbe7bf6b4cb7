/**
 * npm run bench:rush — Rush Hour (the `line` slide rule, `rush:` codes): CLI-equivalent solves of puzzles of 40 to 60
 * moves, each checked against the independent breadth-first search of the tests, under no budget and under the edge
 * budget; beside fogleman/rush's C++ solver on the same puzzles when it is built (outside this repository; set
 * RUSH_PEER to its timing driver, default /tmp/rush-peer/cpp/rush-solve). Writes bench/RESULTS.md.
 *
 * Puzzles: positions 40–60 moves from the goal in the clusters of three boards quoted in github.com/fogleman/rush
 * (cpp/src/main.cpp: his 51-move puzzle, in two letterings; web/app.js: a 60-move puzzle with a wall), found by the
 * reference's breadth-first search from every solved position of the cluster.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { EDGE_BUDGET, solveCode, type SolveResult } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { readRush, rushCodeOf, rushDistancesToGoal, rushReplay, rushSearch } from '../test/helpers/rush-reference.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

const SEEDS = [
  { source: 'fogleman/rush cpp/src/main.cpp (51 moves)', code: 'rush:BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.' },
  { source: 'fogleman/rush README (puzzle51.png), as the task quotes it', code: 'rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo' },
  { source: 'fogleman/rush web/app.js (a wall)', code: 'rush:IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM' },
];
const PER_CLUSTER = 12;
const RUNS = 7;
const WARM_UP = 3;
const PEER = process.env.RUSH_PEER ?? '/tmp/rush-peer/cpp/rush-solve';

await loadEngineFromDisk();

// Puzzles: per seed's cluster, positions at 40–60 moves from the goal, spread over the distances found.
const puzzles: Array<{ code: string; distance: number; source: string }> = [];
for (const seed of SEEDS) {
  const board = readRush(seed.code);
  const far = rushDistancesToGoal(board, 'straight').filter((p) => p.distance >= 40 && p.distance <= 60).sort((a, b) => a.distance - b.distance);
  for (let k = 0; k < Math.min(PER_CLUSTER, far.length); k++) {
    const pick = far[Math.floor((k * (far.length - 1)) / Math.max(1, PER_CLUSTER - 1))]!;
    const code = rushCodeOf(board, pick.position);
    // Checked by the reference's own search forward from the puzzle.
    const check = rushSearch(readRush(code), 'straight').distance;
    if (check !== pick.distance) throw new Error(`${code}: the reference says ${check}, its cluster said ${pick.distance}`);
    if (!puzzles.some((p) => p.code === code)) puzzles.push({ code, distance: pick.distance, source: seed.source });
  }
}

const solveOnce = (code: string, maxWork?: number) => {
  const r = solveCode(code, maxWork ? { maxWork } : {});
  if (!r.ok) throw new Error(`${code}: ${r.error.message}`);
  return r.value as SolveResult;
};

const rows: Array<{ code: string; distance: number; ms: number; edge: boolean; algorithm: string; nodes: number; peerMs: number | null }> = [];
let optimal = 0;
for (const { code, distance } of puzzles) {
  for (let i = 0; i < WARM_UP; i++) solveOnce(code);
  const times: number[] = [];
  let result!: SolveResult;
  for (let i = 0; i < RUNS; i++) {
    result = solveOnce(code);
    times.push(result.stats.ms);
  }
  const replay = rushReplay(readRush(code), result.moves, 'straight');
  if (result.length === distance && replay === null) optimal++;
  else console.error(`${code}: length ${result.length}, reference ${distance}, replay: ${replay}`);
  const edge = solveOnce(code, EDGE_BUDGET.maxWork);
  rows.push({ code, distance, ms: median(times), edge: edge.status === 'solved' && edge.length === distance, algorithm: result.stats.algorithm, nodes: result.stats.nodes, peerMs: null });
}

// The peer: his Solver::Solve (iterative deepening with a memo, his blocker count as the bound), best of 5 per board,
// on the boards without walls (his build takes none).
const peerBuilt = existsSync(PEER);
if (peerBuilt) {
  const wallFree = rows.filter((r) => !r.code.includes('x'));
  const out = spawnSync(PEER, { input: wallFree.map((r) => r.code.slice(5)).join('\n') + '\n', encoding: 'utf8', timeout: 120_000 });
  out.stdout.trim().split('\n').forEach((line, i) => {
    const [moves, us] = line.split(' ').map(Number);
    if (moves !== wallFree[i]!.distance) console.error(`peer: ${wallFree[i]!.code} in ${moves}, reference ${wallFree[i]!.distance}`);
    wallFree[i]!.peerMs = us! / 1000;
  });
}

const ours = rows.map((r) => r.ms);
const peer = rows.flatMap((r) => (r.peerMs === null ? [] : [r.peerMs]));
const oursWallFree = rows.flatMap((r) => (r.peerMs === null ? [] : [r.ms]));
const summary = [
  `| puzzles | ${rows.length} (${Math.min(...rows.map((r) => r.distance))}–${Math.max(...rows.map((r) => r.distance))} moves) |`,
  `| optimal (= the reference's length, every move replayed on its axis) | ${optimal} of ${rows.length} |`,
  `| solve median / max ms | ${fmt(median(ours))} / ${fmt(Math.max(...ours))} |`,
  `| answered under \`--budget edge\` | ${rows.filter((r) => r.edge).length} of ${rows.length} |`,
  ...(peer.length ? [`| wall-free puzzles: ours median / max ms | ${fmt(median(oursWallFree))} / ${fmt(Math.max(...oursWallFree))} |`, `| wall-free puzzles: fogleman/rush C++ median / max ms | ${fmt(median(peer))} / ${fmt(Math.max(...peer))} |`] : ['| fogleman/rush C++ | not built |']),
];
const table = rows.map((r) => `| \`${r.code}\` | ${r.distance} | ${fmt(r.ms)} | ${r.algorithm} | ${r.nodes.toLocaleString('en')} | ${r.edge ? 'yes' : 'no'} | ${r.peerMs === null ? '—' : fmt(r.peerMs)} |`);
const body = [
  '## Rush Hour (`npm run bench:rush`)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, Node ${process.versions.node}. Under the \`line\` rule from \`rush:\` codes, as \`npm run solve -- 'rush:…'\` solves them (metric move, which under \`line\` counts as straight does: Fogleman's moves): each puzzle's median of ${RUNS} warm in-process solves (after ${WARM_UP} warm-ups), \`stats.ms\`. Puzzles: positions 40–60 moves from the goal in the clusters of the boards quoted in github.com/fogleman/rush (${SEEDS.map((s) => `\`${s.code}\``).join(', ')}), each checked by the tests' independent breadth-first search. The peer: fogleman/rush's C++ \`Solver::Solve\` built outside this repository (g++ -O3 -march=native, BoardSize 6, a driver timing the best of 5 solves per board); his build takes no walls, so it runs the wall-free puzzles.`,
  '',
  '| | |',
  '|---|---|',
  ...summary,
  '',
  '| puzzle | moves | median ms | algorithm | positions | edge budget | C++ ms |',
  '|---|---|---|---|---|---|---|',
  ...table,
  '',
].join('\n');
console.log(body);
writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Rush Hour', body);
if (optimal !== rows.length || rows.some((r) => !r.edge)) process.exitCode = 1;
