import { describe, expect, it } from 'vitest';
import { OpenList } from '../../../../solver/klotski/search/open-list.ts';

function drain(open: OpenList): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = open.pop(); i >= 0; i = open.pop()) out.push([i, open.f]);
  return out;
}

describe('OpenList', () => {
  it('of equal f, gives the smallest h (the deepest state) first, then the newest', () => {
    const open = new OpenList();
    open.add(0, 2, 2);
    open.add(1, 3, 1);
    open.add(2, 2, 2);
    open.add(3, 40, 40);
    open.add(4, 39, 41);
    expect(drain(open)).toEqual([[1, 4], [2, 4], [0, 4], [4, 80], [3, 80]]);
  });

  it('gives the lowest f first; then -1', () => {
    const open = new OpenList();
    open.add(0, 0, 5);
    open.add(1, 1, 3);
    open.add(2, 1, 4);
    open.add(3, 2, 2);
    expect(drain(open)).toEqual([[3, 4], [1, 4], [2, 5], [0, 5]]);
    expect(open.pop()).toBe(-1);
  });

  it('queues a state found by a shorter way again and skips its stale entry', () => {
    const open = new OpenList();
    open.add(0, 6, 1);
    open.add(1, 5, 1);
    expect(open.improve(0, 6, 1)).toBe(false);
    expect(open.improve(0, 4, 1)).toBe(true);
    expect(open.g(0)).toBe(4);
    expect(drain(open)).toEqual([[0, 5], [1, 6]]);
  });

  it('never gives a state twice once expanded, unless a shorter way reopens it', () => {
    const open = new OpenList();
    open.add(0, 3, 0);
    expect(open.pop()).toBe(0);
    expect(open.improve(0, 3, 0)).toBe(false);
    expect(open.pop()).toBe(-1);
    expect(open.improve(0, 2, 0)).toBe(true);
    expect(open.g(0)).toBe(2);
    expect(drain(open)).toEqual([[0, 2]]);
  });

  it('grows past its first buckets and arrays', () => {
    const open = new OpenList();
    for (let i = 0; i < 5000; i++) open.add(i, i % 7, 1000 - (i % 300));
    const order = drain(open);
    expect(order).toHaveLength(5000);
    for (let k = 1; k < order.length; k++) expect(order[k]![1]).toBeGreaterThanOrEqual(order[k - 1]![1]);
  });
});
