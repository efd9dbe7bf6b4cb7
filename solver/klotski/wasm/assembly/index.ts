/** The engine's exports (engine.ts loads it): memory for the inputs, the search, and its results. */
export { reserve, reset } from './memory';
export {
  resultGoalIndex, resultLayerCount, resultLayerStarts, resultNodes, resultParents, resultRecords, resultSize, resultSolvedCount, resultStatus,
  resultTags, resultWork, search,
} from './search';
