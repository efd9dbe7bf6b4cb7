/** The CLI under the line rule: rush: codes, --slide, --analyze, errors (exit 2, message on stderr). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRush, rushReplay } from '../helpers/rush-reference.ts';

const CLI = fileURLToPath(new URL('../../solver/cli.ts', import.meta.url));
const HARDEST = 'rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo';

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('solve CLI, Rush Hour', () => {
  it('solves a rush: code in 51 straight moves and gives the project\'s code back; --slide line takes that code', () => {
    const r = run(HARDEST, '--metric', 'straight', '--json', '--budget', 'edge');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ slide: 'line', status: 'solved', length: 51, layout: 'GNN.L.-GOI.LM-GOIAAM-CCCK.M-..JKDD-EEJFF.' });
    expect(rushReplay(readRush(HARDEST), result.moves, 'straight')).toBeNull();
    const again = JSON.parse(run(result.layout, '--slide', 'line', '--json').stdout);
    expect([again.length, again.canonical]).toEqual([51, result.canonical]);
    const text = run(HARDEST);
    expect(text.stdout).toContain('Solved in 51 moves');
  });

  it('--analyze counts his cluster: 4,780 positions', () => {
    const r = run(HARDEST, '--analyze', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 4780, complete: true });
  });

  it('exits 2 with the message for an unknown rule, a board that is not square, a vertical car', () => {
    const cases: Array<[string[], RegExp]> = [
      [['VBBV-VBBV-VHHV-VSSV-S..S', '--slide', 'diagonal'], /slide rule "diagonal" is not one of free, line/],
      [['rush:AAooo'], /5 characters is not a square number/],
      [['rush:AAoCCoCoo'], /vehicle C .* is not a straight bar/],
      [['rush:AoCAoCooo'], /car A stands vertically/],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });
});
