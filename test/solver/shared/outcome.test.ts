import { describe, expect, it } from 'vitest';
import { outcomeSentence, outcomeState, STOP_REASONS, type OutcomeFacts } from '../../../solver/shared/outcome.ts';
import { solveCode } from '../../../solver/index.ts';

describe('the three states', () => {
  it('an unknown answer never reads as "no solution", in either language, and says why it stopped with units', () => {
    for (const stoppedBy of STOP_REASONS) {
      const facts: OutcomeFacts = { status: 'budget-exceeded', metric: 'straight', lowerBound: 15, stoppedBy, nodes: 27_800_000 };
      expect(outcomeState(facts)).toBe('unknown');
      const en = outcomeSentence(facts, 'en');
      const zh = outcomeSentence(facts, 'zh');
      expect(en).not.toMatch(/no solution exists|No solution \(/i);
      expect(zh).not.toContain('无解');
      expect(en).toContain('no solution is shorter than 15 straight moves');
      expect(en).toContain('27,800,000 positions');
      expect(zh).toContain('至少需要 15 直线步');
      expect(zh).toContain('27,800,000 个局面');
    }
    expect(outcomeSentence({ status: 'budget-exceeded', metric: 'move', stoppedBy: 'memory' }, 'en')).toBe(
      'Unknown: the search stopped (its memory was full); no lower bound was proven yet, but whether one exists is not known yet.',
    );
  });

  it('a proof says what it is', () => {
    expect(outcomeSentence({ status: 'unsolvable', metric: 'move', proof: { by: 'space', positions: 1234 } }, 'en')).toBe(
      'No solution (proven): all 1,234 positions reachable from the start were explored and none reaches the goal.',
    );
    expect(outcomeSentence({ status: 'unsolvable', metric: 'move', proof: { by: 'parity', rule: 'inversions' } }, 'zh')).toContain('逆序数的奇偶性');
    // Older stored answers: the count of positions explored stands for the proof.
    expect(outcomeSentence({ status: 'unsolvable', metric: 'move', explored: 7 }, 'zh')).toBe('无解（已证明）：从起点能到达的全部 7 个局面都已搜索，没有一个达到目标。');
    expect(outcomeSentence({ status: 'solved', metric: 'step', length: 116, optimal: true }, 'en')).toBe('Solved in 116 steps (optimal).');
  });

  it('the solver tells which limit stopped it', () => {
    const byNodes = solveCode('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', { maxNodes: 5 });
    expect(byNodes.ok && byNodes.value).toMatchObject({ status: 'budget-exceeded', stoppedBy: 'nodes' });
    const byWork = solveCode('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', { maxWork: 1000 });
    expect(byWork.ok && byWork.value).toMatchObject({ status: 'budget-exceeded', stoppedBy: 'work' });
    const proven = solveCode('VBB.-VBB.-HHSS');
    expect(proven.ok && proven.value).toMatchObject({ status: 'unsolvable', proof: { by: 'space' } });
    const parity = solveCode('123-456-87.');
    expect(parity.ok && parity.value).toMatchObject({ status: 'unsolvable', proof: { by: 'parity', rule: 'inversions' } });
  });
});
