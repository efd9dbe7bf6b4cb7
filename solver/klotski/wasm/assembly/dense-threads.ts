/**
 * The two-bit search alone, built for threads (`npm run build:wasm`: imported shared memory, atomics): Node's worker
 * threads each instantiate it on one memory and expand a range of each layer (solver/node/dense-threads.ts).
 */
export { release, reserve, reset } from './memory';
export { setTargets } from './targets';
export { denseExpanded, denseGenerated, denseGoal, denseLastNew, denseLayer, denseNeighbours, denseSolved } from './dense';
export { denseCount, denseList } from './dense-list';
export { denseScratch, denseTables, denseUse } from './dense-rank';
