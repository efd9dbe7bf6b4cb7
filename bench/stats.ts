/** Small helpers shared by the benchmarks. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function timeRuns<T>(runs: number, fn: () => T): { median: number; last: T } {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = fn();
    times.push(performance.now() - t);
  }
  return { median: median(times), last };
}

export function fmt(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}
