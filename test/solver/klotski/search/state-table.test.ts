import { describe, expect, it } from 'vitest';
import { StateTable } from '../../../../solver/klotski/search/state-table.ts';

const key = (...words: number[]) => Uint32Array.from(words);

describe('StateTable', () => {
  it('adds each key once, in order, with its parent and tag, and finds it again', () => {
    const table = new StateTable(2, 100, 16);
    expect(table.add(key(1, 2), 0, -1)).toBe(0);
    expect(table.addHashed(key(3, 4), 0, 77, 0, 9)).toBe(1);
    expect(table.add(key(1, 2), 0, 5)).toBe(-1);
    expect(table.addHashed(key(3, 4), 0, 77, 5)).toBe(-1);
    expect(table.size).toBe(2);
    expect([...table.keys.slice(2, 4)]).toEqual([3, 4]);
    expect([table.parents[0], table.parents[1], table.tags[1]]).toEqual([-1, 0, 9]);
    expect(table.find(key(1, 2), 0)).toBe(0);
    expect(table.findHashed(key(3, 4), 0, 77)).toBe(1);
    expect(table.find(key(2, 1), 0)).toBe(-1);
  });

  it('keys that share a hash stay apart (the key decides, not the hash)', () => {
    const table = new StateTable(1, 100, 16);
    for (let i = 0; i < 50; i++) expect(table.addHashed(key(i), 0, 12345, -1)).toBe(i);
    for (let i = 0; i < 50; i++) expect(table.findHashed(key(i), 0, 12345)).toBe(i);
  });

  it('grows past its first capacity without losing a key', () => {
    const table = new StateTable(3, 1 << 20, 16);
    for (let i = 0; i < 10_000; i++) expect(table.add(key(i, i * 7, ~i), 0, i - 1)).toBe(i);
    for (let i = 0; i < 10_000; i += 97) expect(table.find(key(i, i * 7, ~i), 0)).toBe(i);
    expect([...table.keys.slice(3 * 9_999, 3 * 10_000)]).toEqual([9_999, 69_993, ~9_999 >>> 0]);
    expect(table.parents[9_999]).toBe(9_998);
  });

  it('reports a full table without adding', () => {
    const table = new StateTable(1, 3, 16);
    for (let i = 0; i < 3; i++) table.add(key(i), 0, -1);
    expect(table.add(key(3), 0, -1)).toBe(-2);
    expect(table.add(key(2), 0, -1)).toBe(-1);
    expect(table.size).toBe(3);
  });

  it('forgetBefore drops older states from the index but keeps them in the list', () => {
    const table = new StateTable(1, 1000, 16);
    for (let i = 0; i < 100; i++) table.add(key(i), 0, -1);
    table.forgetBefore(60);
    expect(table.find(key(10), 0)).toBe(-1);
    expect(table.find(key(60), 0)).toBe(60);
    expect(table.find(key(99), 0)).toBe(99);
    expect(table.keys[10]).toBe(10);
    // A forgotten key is a new state again (the breadth-first search never offers one).
    expect(table.add(key(10), 0, -1)).toBe(100);
    for (let i = 100; i < 400; i++) table.add(key(1000 + i), 0, -1);
    expect(table.find(key(1399), 0)).toBe(400);
    expect(table.find(key(70), 0)).toBe(70);
  });

  it('forgetBefore with an end leaves the newest states out of the index, and keeps them out as the index grows', () => {
    const table = new StateTable(1, 10_000, 16);
    for (let i = 0; i < 100; i++) table.add(key(i), 0, -1);
    // Keep 40 … 69; 70 … 99 (the layer being expanded, say) leave the index.
    table.forgetBefore(40, 70);
    expect(table.find(key(39), 0)).toBe(-1);
    expect(table.find(key(40), 0)).toBe(40);
    expect(table.find(key(69), 0)).toBe(69);
    expect(table.find(key(70), 0)).toBe(-1);
    expect(table.find(key(99), 0)).toBe(-1);
    // States added afterwards are indexed, through several regrowths of the index.
    for (let i = 0; i < 2000; i++) table.add(key(5000 + i), 0, -1);
    expect(table.find(key(5000), 0)).toBe(100);
    expect(table.find(key(6999), 0)).toBe(2099);
    expect(table.find(key(55), 0)).toBe(55);
    expect(table.find(key(85), 0)).toBe(-1);
    // A later call without an end indexes everything from its start again.
    table.forgetBefore(60);
    expect(table.find(key(85), 0)).toBe(85);
    expect(table.find(key(55), 0)).toBe(-1);
  });

  it('probe names the empty slot insertAt fills, or the index of a state it holds', () => {
    const table = new StateTable(2, 100, 16);
    const slot = table.probe(key(5, 6), 0, 42);
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(table.insertAt(slot, key(9, 5, 6), 1, 42, -1, 3)).toBe(0);
    expect(table.probe(key(5, 6), 0, 42)).toBe(-1);
    expect([...table.keys.slice(0, 2), table.tags[0]]).toEqual([5, 6, 3]);
    // Same hash, other key: a different empty slot.
    expect(table.probe(key(5, 7), 0, 42)).toBeGreaterThanOrEqual(0);
    expect(table.addHashed(key(5, 7), 0, 42, 0)).toBe(1);
    expect(table.findHashed(key(5, 7), 0, 42)).toBe(1);
  });

  it('hashes that differ only in the bits above the index tag still find their own keys', () => {
    const table = new StateTable(1, 100, 16);
    // Same low bits (same home slot), different tags; and same tags, different keys.
    for (let i = 0; i < 40; i++) expect(table.addHashed(key(i), 0, (i % 4) << 28, -1)).toBe(i);
    for (let i = 0; i < 40; i++) expect(table.findHashed(key(i), 0, (i % 4) << 28)).toBe(i);
    expect(table.findHashed(key(3), 0, 0)).toBe(-1);
  });

  it('a full table refuses insertAt too', () => {
    const table = new StateTable(1, 1, 16);
    table.add(key(1), 0, -1);
    expect(table.insertAt(table.probe(key(2), 0, 7), key(2), 0, 7, 0, 0)).toBe(-2);
    expect(table.size).toBe(1);
  });

  it('append stores a state without indexing it, after dropIndex', () => {
    const table = new StateTable(2, 100, 16);
    table.add(key(1, 2), 0, -1);
    table.dropIndex();
    expect(table.append(key(3, 4), 0, 9, 0, 7)).toBe(1);
    expect(Array.from(table.keys.subarray(2, 4))).toEqual([3, 4]);
    expect([table.parents[1], table.tags[1], table.size]).toEqual([0, 7, 2]);
    // Nothing is indexed any more: not the appended state, not the one before.
    expect(table.find(key(3, 4), 0)).toBe(-1);
    expect(table.find(key(1, 2), 0)).toBe(-1);
    table.forgetBefore(1);
    expect(table.size).toBe(2);
  });

  it('probePrefix compares a key given as its first n words only, and finds nothing under another hash', () => {
    const table = new StateTable(3, 100, 16);
    table.addHashed(key(1, 2, 99), 0, 5, -1);
    // The first two words match; the third is not compared.
    expect(table.probePrefix(5, Int32Array.from([1, 2, 0]), 2)).toBe(-1);
    expect(table.probePrefix(5, Int32Array.from([1, 3, 99]), 2)).toBeGreaterThanOrEqual(0);
    expect(table.probePrefix(5, Int32Array.from([0, 2, 99]), 2)).toBeGreaterThanOrEqual(0);
    // Another hash: another slot, not found.
    expect(table.probePrefix(6, Int32Array.from([1, 2, 99]), 2)).toBeGreaterThanOrEqual(0);
  });
});
