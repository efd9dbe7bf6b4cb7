/** The engine's exports (engine.ts loads it): memory for the inputs, the searches, and their results. */
export { release, reserve, reset } from './memory';
export {
  resultGoalIndex, resultBound, resultLayerCount, resultLayerStarts, resultNodes, resultParents, resultRecords, resultSize, resultSolvedCount, resultStatus,
  resultTags, resultWork,
} from './result';
export { search } from './search';
export { setTargets } from './targets';
export { search128 } from './search128';
export { ida, ida128, idaCheckpoint, idaCheckpointed, idaContinue, idaContinueLate, idaPrepare, idaTrace } from './ida';
export { ttAdoptCounts, ttLostOpen, ttOpen, ttRegion, ttRegionEnd } from './transposition';
export { idaLowerBound, idaNodes, idaPath, idaStatus, idaSteps, idaWork } from './ida-result';
export { denseExpanded, denseGenerated, denseGoal, denseLastNew, denseLayer, denseNeighbours, denseSolved } from './dense';
export { denseCount, denseList } from './dense-list';
export { denseScratch, denseTables, denseUse } from './dense-rank';
