import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../solver/cli.ts', import.meta.url));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('solve CLI', () => {
  it('--json prints exactly one JSON object with the result', () => {
    const r = run('VBBV-VBBV-VHHV-VSSV-S..S', '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ layout: 'VBBV-VBBV-VHHV-VSSV-S..S', solvable: true, optimal: true, metric: 'move', length: 81 });
    expect(result.moves[0]).toHaveProperty('path');
    expect(result.stats).toMatchObject({ algorithm: 'table' });
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('--algorithm table|bfs picks the engine; table refuses layouts it does not cover, with the reason', () => {
    const bfs = JSON.parse(run('SSSV-BBVV-BBVV-.HHV-.SHH', '--json', '--algorithm', 'bfs').stdout);
    const table = JSON.parse(run('SSSV-BBVV-BBVV-.HHV-.SHH', '--json', '--algorithm', 'table').stdout);
    expect([bfs.stats.algorithm, bfs.length]).toEqual(['bfs', 138]);
    expect([table.stats.algorithm, table.length]).toEqual(['table', 138]);
    // Three empty cells: the table, as long as breadth-first search finds.
    const three = JSON.parse(run('SBBS-VBBV-VHHV-VS.V-V..V', '--json').stdout);
    const threeBfs = JSON.parse(run('SBBS-VBBV-VHHV-VS.V-V..V', '--json', '--algorithm', 'bfs').stdout);
    expect([three.stats.algorithm, three.length]).toEqual(['table', threeBfs.length]);
    const uncovered = run('SBBS-VBBV-VHHV-V..V-V..V', '--algorithm', 'table');
    expect(uncovered.code).toBe(2);
    expect(uncovered.stderr).toContain('the tablebase covers layouts with two or three empty cells, not 4');
    const auto = JSON.parse(run('SBBS-VBBV-VHHV-V..V-V..V', '--json').stdout);
    const autoBfs = JSON.parse(run('SBBS-VBBV-VHHV-V..V-V..V', '--json', '--algorithm', 'bfs').stdout);
    // `auto` runs A* on the WebAssembly engine (the CLI loads it), budgeted or not: as long as breadth-first search finds.
    expect([auto.stats.algorithm, auto.length]).toEqual(['astar', autoBfs.length]);
    expect(autoBfs.stats.algorithm).toBe('bfs');
    const autoEdge = JSON.parse(run('SBBS-VBBV-VHHV-V..V-V..V', '--json', '--budget', 'edge').stdout);
    expect([autoEdge.stats.algorithm, autoEdge.length]).toEqual(['astar', autoBfs.length]);
  });

  it('says so when the tablebase shows a layout cannot be solved', () => {
    const r = run('VBBV-VBBV-VVSV-VVSV-S..S');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('No solution (proven): the classic tablebase, which holds every position of these pieces, shows the goal cannot be reached.');
  });

  it('draws the boards and the count for people', () => {
    const r = run('1A9BF0C', '--metric', 'step');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('┌───┬───────┬───┐');
    expect(r.stdout).toContain('Solved in 116 steps (optimal)');
  });

  it('--repeat adds the median time', () => {
    const r = run('SBBS-SBBS-.HH.-VVVV-VVVV', '--json', '--repeat', '3', '--algorithm', 'ida');
    const result = JSON.parse(r.stdout);
    expect(result.stats.medianMs).toBeTypeOf('number');
    expect(result.stats.algorithm).toBe('ida');
  });

  it('exits 1 for an unsolvable layout', () => {
    const r = run('VBBV-VBBV-VVSV-VVSV-S..S');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('No solution');
  });

  it('exits 2 with the codec message on stderr for bad input', () => {
    const r = run('VBBV-VBBV-VHHV-VSSVV-S..S');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 4 has 5 cells, expected 4');
    expect(r.stderr).not.toContain('    at ');
    expect(run('VBBV-VBBV-VHHV-VSSV-S..S', '--metric', 'hops').stderr).toContain('--metric must be one of move, straight, step');
    expect(run().code).toBe(2);
  });

  it('exits 3 when the budget runs out', () => {
    const r = run('SSSV-BBVV-BBVV-.HHV-.SHH', '--max-nodes', '100', '--json', '--algorithm', 'bfs');
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'budget-exceeded', solvable: null });
  });

  it('words the lower bound of an exceeded budget in the metric asked for', () => {
    for (const [metric, unit] of [['step', 'steps'], ['straight', 'straight moves']]) {
      const json = JSON.parse(run('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', '--metric', metric!, '--max-nodes', '5', '--json').stdout);
      const text = run('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', '--metric', metric!, '--max-nodes', '5').stdout;
      expect(json.lowerBound, metric).toBeGreaterThan(1);
      expect(json.stoppedBy, metric).toBe('nodes');
      expect(text, metric).toContain(`Unknown: the search stopped (it reached its limit of positions) after ${json.stats.nodes} positions; no solution is shorter than ${json.lowerBound} ${unit}, but whether one exists is not known yet.`);
      expect(text, metric).not.toMatch(/No solution \(proven\)/);
    }
    // Tiles count moves of one tile, or straight runs; the parity already proves a solution exists.
    const tiles = run('O5EKI-JB38L-GF.4H-MA6D2-C17N9', '--metric', 'straight', '--max-nodes', '5').stdout;
    expect(tiles).toMatch(/A solution exists \(the parity matches\), but the search stopped \(it reached its limit of positions\) before it found the shortest; no solution is shorter than \d+ straight moves\./);
  });

  it('says how a layout was proven unsolvable: every reachable position explored, or the parity', () => {
    const r = run('VBB.-VBB.-HHSS', '--json');
    const json = JSON.parse(r.stdout);
    expect([r.code, json.status, json.proof.by]).toEqual([1, 'unsolvable', 'space']);
    expect(json.proof.positions).toBe(json.explored);
    expect(run('VBB.-VBB.-HHSS').stdout).toContain(`No solution (proven): all ${json.explored} positions reachable from the start were explored and none reaches the goal.`);
    const tiles = run('123-456-87.');
    expect(tiles.code).toBe(1);
    expect(tiles.stdout).toContain("No solution (proven): the parity of inversions differs from the goal's, and no move changes it.");
  });

  it('says the memory stopped a search that filled it, and takes more memory than the engine holds without crashing', () => {
    const code = 'AAVBBHH-AAVBBHH-HHSSS..-IIIVV..-IIIVV..';
    const goal = '.......-.......-.......-.....AA-.....AA';
    const small = run(code, '--goal', goal, '--memory-mb', '8', '--json');
    expect(small.code).toBe(3);
    expect(JSON.parse(small.stdout)).toMatchObject({ status: 'budget-exceeded', solvable: null, stoppedBy: 'memory' });
    expect(run(code, '--goal', goal, '--memory-mb', '8').stdout).toMatch(/Unknown: the search stopped \(its memory was full\) after [\d,]+ positions; no solution is shorter than \d+ moves/);
    // 6000 MB is more than the engine's 32-bit memory: it stores what fits instead of crashing (it did: RangeError).
    const big = run('BBSSSV-BBSS.V-VHHSSV-V.SS.V-SSHHSS-S.SS.S', '--memory-mb', '6000', '--max-ms', '1500');
    expect(big.stderr).not.toContain('RangeError');
    expect(big.code).toBe(3);
    expect(big.stdout).toContain('Unknown: the search stopped (its time ran out)');
  });

  it('--analyze reports every layer of the space', () => {
    const r = run('VBBV-VBBV-VHHV-VSSV-S..S', '--analyze', '--json');
    const a = JSON.parse(r.stdout);
    expect(a.total).toBe(25955);
    expect(a.layers.reduce((s: number, n: number) => s + n, 0)).toBe(a.total);
    expect(a.layers[0]).toBe(1);
    expect(a.solved).toBeGreaterThan(0);
    expect(a.farthest.distance).toBe(a.layers.length - 1);
  });

  it('solves 数字华容道 codes too, and answers parity failures at once', () => {
    const r = run('867-254-3.1', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'tiles', length: 31, optimal: true });
    const bad = run('213-456-78.', '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).reason).toMatch(/parity/);
    expect(run('123-456-77.').stderr).toContain('tile 7 appears twice');
  });
});
