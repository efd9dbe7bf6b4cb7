/**
 * npm run build:classics — the gallery's answers for the classic sliding-block puzzles (data/puzzles/classics.tsv):
 * every puzzle solved toward its goal drawing by the product's own solver, in each metric, each solve within a time
 * budget (`--budget-ms`, default 60000), into data/puzzles/classics-answers.json (kept in git: data the product made,
 * with its solution lines, the command and the solver's fingerprint). What is not solved within the budget is recorded
 * as open, with the bound the search proved. Prints each solve's time, the whole cost, and what changed against the
 * answers stored before.
 *
 * `--check` (what `npm run build` runs): replays every stored solution line and checks its length instead of solving
 * again (a fresh clone's build spent a minute solving); puzzles with no stored answers (new, or whose code or goal
 * changed) are computed and added; a line that does not replay fails the build. `--if-missing` is an older name of it.
 * `--out FILE` writes (and checks) elsewhere.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { METRICS } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { loadDenseThreads } from '../solver/node/dense-threads.ts';
import {
  ANSWERS_COMMAND, ANSWERS_FILE, ANSWERS_FORMAT, DEFAULT_BUDGET_MS, answerPuzzle, answersFingerprint, checkAnswers, readAnswers,
  type ClassicAnswers, type MetricAnswer, type PuzzleAnswers,
} from '../gallery/answers.ts';
import { readClassics, type ClassicPuzzle } from '../gallery/classics.ts';

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const budgetMs = Number(option('--budget-ms') ?? DEFAULT_BUDGET_MS);
if (!Number.isFinite(budgetMs) || budgetMs <= 0) throw new Error(`--budget-ms must be a positive number of milliseconds, not ${option('--budget-ms')}`);
const out = option('--out') ? pathToFileURL(option('--out')!) : ANSWERS_FILE;
const checkOnly = process.argv.includes('--check') || process.argv.includes('--if-missing');
const puzzles = readClassics();
const stored = existsSync(out) ? readAnswers(out) : null;
const shown = out.pathname.split('/').slice(-3).join('/');

let toSolve: ClassicPuzzle[] = puzzles;
if (checkOnly && stored) {
  const started = performance.now();
  const check = checkAnswers(stored, puzzles);
  if (check.bad.length > 0) {
    console.error(`${shown}: ${check.bad.length} stored answers do not replay:\n  ${check.bad.join('\n  ')}\ncompute them again: ${ANSWERS_COMMAND}`);
    process.exit(1);
  }
  console.log(`classic puzzles' answers: ${check.replayed} stored solution lines replayed and checked in ${(performance.now() - started).toFixed(0)} ms (${shown}; computed by ${stored.command ?? ANSWERS_COMMAND})`);
  if (check.stale.length === 0) process.exit(0);
  console.log(`no stored answers for ${check.stale.join(', ')}: computing them`);
  toSolve = puzzles.filter((p) => check.stale.includes(p.id));
}

const engine = await loadEngineFromDisk();
// Solves as the CLI does: the two-bit search on every core (GNOME's Lodzianka and Pelopones).
const threads = toSolve.length > 0 ? loadDenseThreads() : null;
const cell = (a: MetricAnswer) => `${a.status === 'solved' ? a.length : a.status === 'unsolvable' ? 'none' : `open (≥ ${a.lowerBound ?? '?'})`} ${a.ms.toFixed(0)} ms`;
const started = performance.now();
const answered = new Map<string, PuzzleAnswers>();
for (const puzzle of toSolve) {
  const answers = answerPuzzle(puzzle, budgetMs);
  console.log(`${puzzle.id.padEnd(28)} ${METRICS.map((m) => `${m} ${cell(answers.answers[m])}`.padEnd(26)).join(' ')}`);
  answered.set(puzzle.id, answers);
}
const totalMs = performance.now() - started;
await threads?.close();

// What a full computation changed against the answers stored before (a faster solver answers more).
if (!checkOnly && stored) {
  const changes = [...answered.values()].flatMap((p) => {
    const before = stored.puzzles.find((q) => q.id === p.id);
    return METRICS.flatMap((m) => {
      const [was, now] = [before?.answers[m], p.answers[m]];
      const text = (a: MetricAnswer | undefined) => (!a ? 'absent' : a.status === 'solved' ? String(a.length) : a.status === 'unsolvable' ? 'none' : `open (≥ ${a.lowerBound ?? '?'})`);
      return text(was) === text(now) ? [] : [`${p.id} ${m}: ${text(was)} → ${text(now)}`];
    });
  });
  console.log(changes.length ? `changed against the stored answers:\n  ${changes.join('\n  ')}` : 'no answer changed against the stored ones');
}

const file: ClassicAnswers = {
  format: ANSWERS_FORMAT,
  fingerprint: answersFingerprint(puzzles, budgetMs),
  command: ANSWERS_COMMAND,
  budgetMs,
  computed: new Date().toISOString(),
  node: process.versions.node,
  totalMs: Math.round(totalMs + (checkOnly && stored ? stored.totalMs : 0)),
  puzzles: puzzles.map((p) => answered.get(p.id) ?? stored!.puzzles.find((q) => q.id === p.id)!),
};
mkdirSync(new URL('./', out), { recursive: true });
const partial = new URL(`${out.href}.partial`);
writeFileSync(partial, `${JSON.stringify(file, null, 1)}\n`);
renameSync(partial, out);

const solves = [...answered.values()].flatMap((p) => METRICS.map((m) => p.answers[m]));
const open = solves.filter((a) => a.status === 'budget-exceeded').length;
console.log(
  `classic puzzles: ${answered.size} × ${METRICS.length} metrics = ${solves.length} solves in ${(totalMs / 1000).toFixed(1)} s ` +
    `(${solves.length - open} answered, ${open} open after ${budgetMs / 1000} s each; ${engine ? 'WebAssembly engine' : 'TypeScript search: engine not built'}) → ${out.pathname}`,
);
