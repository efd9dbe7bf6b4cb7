/**
 * Starts `wrangler dev` on a free loopback port with a throw-away KV directory, for benchmarks and browser tests.
 * wrangler runs as a process tree (wrangler → workerd …) in a process group of its own; `stop()` ends the whole group
 * and resolves once nothing of it is left, and so does a failed start or the exit of the process that started it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DevServer {
  url: string;
  /** Process group id of the server's whole tree. */
  group: number;
  /** The DevTools inspector of the Worker (http://127.0.0.1:<port>/json lists it). */
  inspectorPort: number;
  /** The local KV/cache directory (pass it to a new server to keep what this one stored). */
  persist: string;
  /** What the server has printed so far (warnings and errors: it runs with --log-level warn). */
  output(): string;
  stop(): Promise<void>;
}

const WRANGLER = fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url));
const running = new Set<number>();
process.once('exit', () => {
  for (const group of running) signalGroup(group, 'SIGKILL');
});

/** A port the system says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function signalGroup(group: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false; // ESRCH: no process is left in the group
  }
}

/** True while any process of the group is alive. */
export function groupAlive(group: number): boolean {
  return signalGroup(group, 0);
}

async function stopGroup(group: number): Promise<void> {
  signalGroup(group, 'SIGTERM');
  for (let waited = 0; groupAlive(group); waited += 100) {
    if (waited === 5000) signalGroup(group, 'SIGKILL');
    if (waited > 10_000) throw new Error(`wrangler dev (process group ${group}) would not stop`);
    await new Promise((r) => setTimeout(r, 100));
  }
  running.delete(group);
}

/**
 * `persist`: the local KV/cache directory (default: a fresh temp one), to restart a server with what it stored.
 * `logLevel`: wrangler's (default warn; the Worker's console.log shows from 'log').
 */
export async function startDevServer(options: { port?: number; vars?: Record<string, string>; persist?: string; logLevel?: 'warn' | 'log' } = {}): Promise<DevServer> {
  const port = options.port ?? (await freePort());
  const persist = options.persist ?? mkdtempSync(join(tmpdir(), 'huarong-kv-'));
  const inspectorPort = await freePort();
  const args = [WRANGLER, 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--log-level', options.logLevel ?? 'warn', '--inspector-port', String(inspectorPort)];
  for (const [k, v] of Object.entries(options.vars ?? {})) args.push('--var', `${k}:${v}`);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  const group = child.pid!;
  running.add(group);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`wrangler dev did not start within 60 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    await stopGroup(group);
    throw e;
  }
  return { url, group, inspectorPort, persist, output: () => output, stop: () => stopGroup(group) };
}
