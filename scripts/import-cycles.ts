/**
 * Import circles among the project's own modules, type-only imports included (`import type` still ties two modules'
 * meanings together): the strongly connected components of the graph of relative imports, of more than one module or
 * importing itself. `node scripts/import-cycles.ts` prints them; test/scripts/import-cycles.test.ts keeps the list empty.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders whose modules import each other (tests and benches only import them). */
export const SOURCE_DIRS = ['solver', 'worker', 'site', 'gallery', 'scripts'];
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|export\s+\*\s+from\s+|new URL\(\s*)['"](\.{1,2}\/[^'"?#]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'assembly' ? [] : sourceFiles(path);
    return /\.(ts|astro)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Module → the project modules it imports (paths relative to the repository). */
export function importGraph(root = ROOT, dirs = SOURCE_DIRS): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => sourceFiles(join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(SPECIFIER)].map((m) => relative(root, normalize(join(dirname(file), m[1]!))));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The circles: each a list of modules that import one another, directly or through each other (Tarjan's algorithm). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = importCycles(importGraph());
  console.log(cycles.length ? cycles.map((c) => `circle: ${c.join(' ↔ ')}`).join('\n') : 'no import circles');
  process.exitCode = cycles.length ? 1 : 0;
}
