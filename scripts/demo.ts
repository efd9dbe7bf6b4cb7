/** `npm start` demo until the worker lands: solves 横刀立马 and prints the summary. */
import { parseLayoutOrThrow, solve } from '../solver/index.ts';

const code = 'VBBV-VBBV-VHHV-VSSV-S..S';
const result = solve(parseLayoutOrThrow(code));
console.log(`横刀立马 ${code}: ${result.length} moves (optimal, ${result.stats.algorithm}, ${result.stats.ms} ms)`);
console.log(`Try: npm run --silent solve -- '${code}'`);
