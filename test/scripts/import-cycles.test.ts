import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../scripts/import-cycles.ts';

const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import circles', () => {
  it('finds a circle made of type-only imports, and none where imports go one way', () => {
    mkdirSync(join(dir, 'src/a'), { recursive: true });
    writeFileSync(join(dir, 'src/a/goal.ts'), "import { x } from './drawing.ts';\nexport type Goal = { x: number };\n");
    writeFileSync(join(dir, 'src/a/drawing.ts'), "import type { Goal } from './goal.ts';\nexport const x = 1;\n");
    writeFileSync(join(dir, 'src/a/leaf.ts'), "import { x } from './drawing.ts';\n");
    expect(importCycles(importGraph(dir, ['src']))).toEqual([['src/a/drawing.ts', 'src/a/goal.ts']]);
    writeFileSync(join(dir, 'src/a/drawing.ts'), 'export const x = 1;\n');
    expect(importCycles(importGraph(dir, ['src']))).toEqual([]);
  });

  it('the project has none: solver, worker, site, gallery and scripts, type-only imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(150);
    expect(importCycles(graph)).toEqual([]);
  });
});
