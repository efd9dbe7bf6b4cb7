/** The test servers: each on a free port, and nothing of its process tree left once stopped. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort, groupAlive, startDevServer } from '../../scripts/dev-server.ts';

function processesOf(group: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pgid=,comm='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => Number(line.trim().split(/\s+/)[0]) === group);
}

describe('wrangler dev for tests', () => {
  it('starts on a free port and stop() ends its whole process tree (wrangler and workerd)', async () => {
    const server = await startDevServer();
    try {
      expect((await fetch(`${server.url}/healthz`)).ok).toBe(true);
      expect(processesOf(server.group).join('\n')).toContain('workerd');
    } finally {
      await server.stop();
    }
    expect(groupAlive(server.group)).toBe(false);
    expect(processesOf(server.group)).toEqual([]);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 90_000);

  it('freePort gives distinct usable ports', async () => {
    const [a, b] = [await freePort(), await freePort()];
    expect(a).toBeGreaterThan(1024);
    expect(b).toBeGreaterThan(1024);
  });
});
