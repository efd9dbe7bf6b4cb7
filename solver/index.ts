/** Public surface of the pure engine: no platform APIs, runs in the Worker, the browser and Node. */
export { parseLayout, parseLayoutOrThrow, formatLayout, MAX_CODE_LENGTH } from './codec.ts';
export { encodeCommonCode, decodeCommonCode, isCommonCodeText } from './commoncode.ts';
export { LayoutError, type LayoutProblem, type Parsed } from './errors.ts';
export { resolveGoal, parseGoalText, type GoalSpec, type Goal } from './goal.ts';
export { mirrorLayout, toGrid, sortPieces, FIXED_SHAPES, type Layout, type Piece } from './layout.ts';
export { METRICS, type Metric } from './puzzle.ts';
export { solve, solveCode, ALGORITHMS, type Algorithm, type SolveOptions, type SolveResult } from './solve.ts';
export type { Move, Cell } from './moves.ts';
export { canonicalize, mirrorMoves, type Canonical } from './canonical.ts';
export { encodeMoves, decodeMoves } from './solution-codec.ts';
export { movePiece } from './layout.ts';
export { traditionalNames, type PieceName } from './piece-names.ts';
export { boardSvg, escapeXml } from './svg.ts';
export { analyze, type Analysis } from './analyze.ts';
export type { Budget, Progress } from './budget.ts';
export { legalMoves } from './moves.ts';
