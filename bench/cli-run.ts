/**
 * The CLI as a user runs it, in a fresh process (`npm run solve -- … --json`), for the benches that time it: its wall
 * time, its peak resident memory (bench/peak-memory.ts, loaded into the child) and what it printed.
 */
import { spawnSync } from 'node:child_process';

export interface CliRun {
  ms: number;
  /** Peak resident memory of the CLI's process in KB; null when it did not say (it crashed before exiting). */
  peakKb: number | null;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs solver/cli.ts with `args` and `--json`. */
export function runCli(args: string[]): CliRun {
  const started = performance.now();
  const out = spawnSync(process.execPath, ['--import', new URL('./peak-memory.ts', import.meta.url).pathname, new URL('../solver/cli.ts', import.meta.url).pathname, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  const peak = /peak-memory (\d+)/.exec(out.stderr)?.[1];
  return { ms, peakKb: peak === undefined ? null : Number(peak), status: out.status, stdout: out.stdout, stderr: out.stderr };
}
