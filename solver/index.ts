/** Public surface of the pure engine: no platform APIs, runs in the Worker, the browser and Node. */
export { parseLayout, parseLayoutOrThrow, formatLayout, MAX_CODE_LENGTH } from './klotski/model/codec.ts';
export { encodeCommonCode, decodeCommonCode, isCommonCodeText } from './klotski/model/commoncode.ts';
export { LayoutError, type LayoutProblem, type Parsed } from './shared/errors.ts';
export { resolveGoal, parseGoalText, type GoalSpec, type Goal } from './klotski/model/goal.ts';
export { mirrorLayout, toGrid, sortPieces, FIXED_SHAPES, type Layout, type Piece } from './klotski/model/layout.ts';
export { METRICS, type Metric } from './shared/metric.ts';
export { metricCount, metricUnit } from './shared/metric-words.ts';
export { solve, solveCode, ALGORITHMS, type Algorithm, type SolveOptions, type SolveResult } from './solve.ts';
export type { Move, Cell } from './klotski/model/moves.ts';
export { canonicalize, mirrorMoves, type Canonical } from './klotski/model/canonical.ts';
export { encodeMoves, decodeMoves } from './klotski/model/solution-codec.ts';
export { movePiece, pieceCovering } from './klotski/model/layout.ts';
export { pieceNames, traditionalNames, type PieceName } from './draw/piece-names.ts';
export { boardScene, boardSvg, escapeXml } from './draw/svg.ts';
export { analyze, type Analysis } from './klotski/search/analyze.ts';
export { EDGE_BUDGET, type Budget, type Progress, type SearchPhase } from './shared/budget.ts';
export { legalMoves, sameMove } from './klotski/model/moves.ts';
export { isTilesCode, parseTiles, parseTilesOrThrow, formatTiles, solvedTiles, parityInvariant, tilesToLayout, tileNumber, type TilesBoard } from './tiles/codec.ts';
export { solveTiles, tilesGoal, OPTIMAL_CELLS, type TilesResult, type TilesSolveOptions } from './tiles/solve.ts';
export { deserialize as deserializeDatabase, databaseFileName, PDB_GROUPS, type PatternDatabase } from './tiles/pdb.ts';
export { FIFTEEN_SETUP_WORK } from './tiles/fifteen.ts';
export { deserializeEightTable, eightGoalKind, eightTableFileName, EIGHT_GOAL_KINDS, type EightGoalKind } from './tiles/eight-table.ts';
export { parsePuzzleCode, unitMoves, tileMoves, type PuzzleCode } from './puzzle-code.ts';
export { MIXES, findMix, mixTag, type Mix } from './tablebase/mixes.ts';
export { TABLEBASE_PATH, tableFileName, deserializeTable } from './tablebase/file.ts';
export { toClassicPosition, toLayout as classicLayout } from './tablebase/classic.ts';
export type { TableSource } from './tablebase/walk.ts';
export { classicMix, evaluateMoves, type MoveEvaluation } from './tablebase/evaluate.ts';
export { checkSolution } from './klotski/model/verify.ts';
export {
  beginSearch, searchSlice, readCheckpoint, holdsTable, copyTable, encodeTableCopy, decodeTableCopy, type SearchCheckpoint, type SliceResult, type TableCopy,
} from './resumable.ts';
export { beginTilesSearch, isTilesCheckpoint, readTilesCheckpoint, tilesSearchSlice, TILES_CHECKPOINT_FORMAT, type TilesCheckpoint, type TilesSliceResult } from './resumable-tiles.ts';
export { FifteenExpansion } from './tiles/fifteen.ts';
export { HELD_TABLES } from './klotski/wasm/engine-ida.ts';
export { shapeKey } from './tablebase/shape-key.ts';
export { previewSvg, previewPng, countsComplete, PREVIEW_WIDTH, PREVIEW_HEIGHT, PREVIEW_FONT, type PreviewInput } from './draw/preview.ts';
export type { GlyphSet } from './draw/raster.ts';
