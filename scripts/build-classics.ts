/**
 * npm run build:classics — the gallery's answers for the classic sliding-block puzzles (data/puzzles/classics.tsv):
 * every puzzle solved toward its goal drawing by the product's own solver, in each metric, each solve within a time
 * budget (`--budget-ms`, default 3000), into site/generated/classics-answers.json (read by the site's build; not in
 * git). What is not solved within the budget is recorded as open, with the bound the search proved. Prints each
 * solve's time and the whole cost. `--if-missing`: only when the file is absent or was computed for other puzzles,
 * another budget or another solver (its fingerprint); `--out FILE` writes elsewhere.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { METRICS } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { ANSWERS_FILE, ANSWERS_FORMAT, DEFAULT_BUDGET_MS, answerPuzzle, answersFingerprint, readAnswers, type ClassicAnswers, type MetricAnswer } from './classic-answers.ts';
import { readClassics } from './classics.ts';

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const budgetMs = Number(option('--budget-ms') ?? DEFAULT_BUDGET_MS);
if (!Number.isFinite(budgetMs) || budgetMs <= 0) throw new Error(`--budget-ms must be a positive number of milliseconds, not ${option('--budget-ms')}`);
const out = option('--out') ? pathToFileURL(option('--out')!) : ANSWERS_FILE;
const puzzles = readClassics();
const fingerprint = answersFingerprint(puzzles, budgetMs);

if (process.argv.includes('--if-missing') && readAnswers(out)?.fingerprint === fingerprint) {
  console.log(`classic puzzles' answers present and current (${out.pathname.split('/').slice(-3).join('/')})`);
  process.exit(0);
}

const engine = await loadEngineFromDisk();
const cell = (a: MetricAnswer) => `${a.status === 'solved' ? a.length : a.status === 'unsolvable' ? 'none' : `open (≥ ${a.lowerBound ?? '?'})`} ${a.ms.toFixed(0)} ms`;
const started = performance.now();
const answered = puzzles.map((puzzle) => {
  const answers = answerPuzzle(puzzle, budgetMs);
  console.log(`${puzzle.id.padEnd(28)} ${METRICS.map((m) => `${m} ${cell(answers.answers[m])}`.padEnd(26)).join(' ')}`);
  return answers;
});
const totalMs = performance.now() - started;

const file: ClassicAnswers = {
  format: ANSWERS_FORMAT,
  fingerprint,
  budgetMs,
  computed: new Date().toISOString(),
  node: process.versions.node,
  totalMs: Math.round(totalMs),
  puzzles: answered,
};
mkdirSync(new URL('./', out), { recursive: true });
const partial = new URL(`${out.href}.partial`);
writeFileSync(partial, `${JSON.stringify(file, null, 1)}\n`);
renameSync(partial, out);

const solves = answered.flatMap((p) => METRICS.map((m) => p.answers[m]));
const open = solves.filter((a) => a.status === 'budget-exceeded').length;
console.log(
  `classic puzzles: ${puzzles.length} × ${METRICS.length} metrics = ${solves.length} solves in ${(totalMs / 1000).toFixed(1)} s ` +
    `(${solves.length - open} answered, ${open} open after ${budgetMs / 1000} s each; ${engine ? 'WebAssembly engine' : 'TypeScript search: engine not built'}) → ${out.pathname}`,
);
