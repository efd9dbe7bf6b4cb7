import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { durationKey, LongestFirst } from './sequencer.ts';
import durations from './durations.json' with { type: 'json' };

const ROOT = '/repo';
function spec(project: string, file: string, groupOrder: number): TestSpecification {
  return { moduleId: `${ROOT}/${file}`, project: { name: project, config: { root: ROOT, sequence: { groupOrder } } } } as unknown as TestSpecification;
}

describe('the test files\' order', () => {
  it('starts the longest listed files first within each group, the groups in their order, unknown files as middling ones', async () => {
    const listed = Object.entries(durations as Record<string, number>).filter(([k]) => !k.startsWith('test/site/'));
    const [longest, shortest] = [listed[0]!, listed.at(-1)!];
    expect(longest[1]).toBeGreaterThan(5);
    expect(shortest[1]).toBeLessThan(5);
        const sequencer = new LongestFirst({} as never);
    const order = await sequencer.sort([
      spec('site', 'test/site/player.test.ts', 1),
      spec('node', shortest[0], 0),
      spec('node', 'test/solver/a-new.test.ts', 0),
      spec('node', longest[0], 0),
    ]);
    expect(order.map((s) => durationKey(ROOT, s.moduleId))).toEqual([longest[0], 'test/solver/a-new.test.ts', shortest[0], 'test/site/player.test.ts']);
  });
});
