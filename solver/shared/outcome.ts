/**
 * The three states an answer can be in, and how each reads, in English and Chinese. Every shell (the CLI, the
 * Worker's bodies and messages, the solution page, the widget, /embed/, the gallery, the job URL) says what the
 * solver proved through these words and nothing else, so no page can call a search that stopped "no solution":
 *
 * - **solved**: a solution of `length`, optimal or not (`optimal`);
 * - **unsolvable**: proven, and `proof` says how (the whole reachable space explored, a parity, a table);
 * - **unknown**: the search stopped (`stoppedBy`) before it proved either; `lowerBound` is what it proved.
 */
import type { Metric } from './metric.ts';
import { metricCount } from './metric-words.ts';

export type OutcomeState = 'solved' | 'unsolvable' | 'unknown';

/** How a puzzle was proven to have no solution. */
export type Proof =
  /** Every position reachable from the start was explored (breadth-first search, A*, IDA* with nothing lost). */
  | { by: 'space'; positions: number }
  /** An invariant the moves cannot change differs from the goal's (tiles: the parity of `rule`). */
  | { by: 'parity'; rule: string }
  /** The classic tablebase (every position of its set of pieces, solved once) says the goal cannot be reached. */
  | { by: 'table' };

/**
 * Why a search stopped before it proved anything: its memory was full, its time, work or position budget was spent,
 * its bound passed the deepest it searches, a job spent its steps, or it was asked to stop.
 */
export type StopReason = 'memory' | 'time' | 'work' | 'nodes' | 'depth' | 'steps' | 'cancelled';
export const STOP_REASONS: readonly StopReason[] = ['memory', 'time', 'work', 'nodes', 'depth', 'steps', 'cancelled'];

/** What a shell needs of a result to say what it proved (SolveResult and TilesResult have these fields). */
export interface OutcomeFacts {
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  metric: Metric;
  length?: number | null;
  optimal?: boolean;
  /** With unsolvable. */
  proof?: Proof;
  /** With unsolvable and no proof (older stored answers): positions explored. */
  explored?: number;
  /** With unsolvable and no proof (older stored answers): the reason in words. */
  reason?: string;
  /** With budget-exceeded: every solution is at least this long (0 or absent: nothing proven). */
  lowerBound?: number;
  /** With budget-exceeded. */
  stoppedBy?: StopReason;
  /** With budget-exceeded: positions searched before it stopped. */
  nodes?: number;
  /** True where a solution is known to exist though none was found yet (tiles of the goal's parity). */
  solvable?: boolean | null;
}

export type Lang = 'en' | 'zh';

export function outcomeState(facts: Pick<OutcomeFacts, 'status'>): OutcomeState {
  return facts.status === 'budget-exceeded' ? 'unknown' : facts.status;
}

const ZH_UNIT: Record<Metric, string> = { move: '步', straight: '直线步', step: '格步' };

/** A count in the metric's unit: "81 moves" / "81 步". */
export function countWords(metric: Metric, n: number, lang: Lang): string {
  return lang === 'zh' ? `${n} ${ZH_UNIT[metric]}` : metricCount(metric, n);
}

/** A count of positions: "1,234,567 positions" / "1,234,567 个局面". */
export function positionsWords(n: number, lang: Lang): string {
  const digits = n.toLocaleString('en-US');
  return lang === 'zh' ? `${digits} 个局面` : `${digits} position${n === 1 ? '' : 's'}`;
}

const STOP_WORDS: Record<StopReason, Record<Lang, string>> = {
  memory: { en: 'its memory was full', zh: '内存已满' },
  time: { en: 'its time ran out', zh: '时间用完' },
  work: { en: 'its budget was spent', zh: '计算预算用完' },
  nodes: { en: 'it reached its limit of positions', zh: '达到局面数上限' },
  depth: { en: 'its bound passed the deepest it searches', zh: '搜索深度超出上限' },
  steps: { en: 'the solve job spent its steps', zh: '后台求解任务用完了它的步数' },
  cancelled: { en: 'it was stopped', zh: '搜索被中止' },
};

/** Why it stopped: "its memory was full" / "内存已满". */
export function stopWords(reason: StopReason | undefined, lang: Lang): string {
  return STOP_WORDS[reason ?? 'work'][lang];
}

/** How it was proven unsolvable, in a clause: "all 1,234 reachable positions were explored". */
export function proofWords(facts: Pick<OutcomeFacts, 'proof' | 'explored' | 'reason'>, lang: Lang): string {
  const proof = facts.proof ?? (facts.explored !== undefined ? { by: 'space' as const, positions: facts.explored } : null);
  if (!proof) return facts.reason ?? (lang === 'zh' ? '已证明无法到达目标' : 'the goal was proven unreachable');
  if (proof.by === 'space') {
    return lang === 'zh'
      ? `从起点能到达的全部 ${positionsWords(proof.positions, 'zh')}都已搜索，没有一个达到目标`
      : `all ${proof.positions.toLocaleString('en-US')} positions reachable from the start were explored and none reaches the goal`;
  }
  if (proof.by === 'parity') {
    return lang === 'zh'
      ? `${proof.rule.includes('blank') ? '逆序数加空格所在行' : '逆序数'}的奇偶性与目标不同，任何走法都改变不了它`
      : `the parity of ${proof.rule} differs from the goal's, and no move changes it`;
  }
  return lang === 'zh' ? '经典残局库收录了这组棋子的全部局面，从这里出发到达不了目标' : 'the classic tablebase, which holds every position of these pieces, shows the goal cannot be reached';
}

/** What was proven of an unknown answer: "no solution is shorter than 15 moves" / "至少需要 15 步". */
export function boundWords(metric: Metric, lowerBound: number | undefined, lang: Lang): string {
  if (!lowerBound) return lang === 'zh' ? '尚未证明任何下界' : 'no lower bound was proven yet';
  return lang === 'zh' ? `已证明至少需要 ${countWords(metric, lowerBound, 'zh')}` : `no solution is shorter than ${countWords(metric, lowerBound, 'en')}`;
}

/**
 * The whole answer in one sentence, in the three states: "Solved in 81 moves (optimal).", "No solution: …",
 * "Unknown: the search stopped (its memory was full) after 1,234 positions; no solution is shorter than 15 moves."
 */
export function outcomeSentence(facts: OutcomeFacts, lang: Lang): string {
  const state = outcomeState(facts);
  if (state === 'solved') {
    const n = countWords(facts.metric, facts.length ?? 0, lang);
    if (lang === 'zh') return facts.optimal === false ? `找到 ${n}的解（未证明最优）。` : `最优解：${n}。`;
    return facts.optimal === false ? `Solved in ${n} (not proven optimal).` : `Solved in ${n} (optimal).`;
  }
  if (state === 'unsolvable') return lang === 'zh' ? `无解（已证明）：${proofWords(facts, 'zh')}。` : `No solution (proven): ${proofWords(facts, 'en')}.`;
  if (facts.solvable === true) {
    return lang === 'zh'
      ? `有解（奇偶性相同），但搜索因${stopWords(facts.stoppedBy, 'zh')}而在找到最短解之前停止；${boundWords(facts.metric, facts.lowerBound, 'zh')}。`
      : `A solution exists (the parity matches), but the search stopped (${stopWords(facts.stoppedBy, 'en')}) before it found the shortest; ${boundWords(facts.metric, facts.lowerBound, 'en')}.`;
  }
  const after = facts.nodes ? (lang === 'zh' ? `，已搜索 ${positionsWords(facts.nodes, 'zh')}` : ` after ${positionsWords(facts.nodes, 'en')}`) : '';
  return lang === 'zh'
    ? `尚无结论：搜索因${stopWords(facts.stoppedBy, 'zh')}而停止${after}；${boundWords(facts.metric, facts.lowerBound, 'zh')}，但还不知道是否有解。`
    : `Unknown: the search stopped (${stopWords(facts.stoppedBy, 'en')})${after}; ${boundWords(facts.metric, facts.lowerBound, 'en')}, but whether one exists is not known yet.`;
}

/**
 * The answer in a few words, for a count or a heading: "81 moves", "No solution (proven)", "Unknown: at least 15
 * moves" (the sentence, outcomeSentence, says how it was proven or why the search stopped).
 */
export function outcomeHeadline(facts: OutcomeFacts, lang: Lang): string {
  const state = outcomeState(facts);
  if (state === 'solved') return countWords(facts.metric, facts.length ?? 0, lang);
  if (state === 'unsolvable') return lang === 'zh' ? '无解（已证明）' : 'No solution (proven)';
  const bound = facts.lowerBound ? countWords(facts.metric, facts.lowerBound, lang) : null;
  if (facts.solvable === true) {
    if (lang === 'zh') return bound ? `有解，至少 ${bound}` : '有解，最短解尚未找到';
    return bound ? `Solvable: at least ${bound}` : 'Solvable: shortest not found yet';
  }
  if (lang === 'zh') return bound ? `尚无结论：至少 ${bound}` : '尚无结论：搜索已停止';
  return bound ? `Unknown: at least ${bound}` : 'Unknown: the search stopped';
}

/**
 * What a line someone played to the goal proves: with the optimum known, how far from it ("Solved in 39 moves —
 * optimal is 30."); without it, that a solution exists and how long the shortest can be ("Solved in 39 moves: so a
 * solution exists, and the shortest is between 17 and 39 moves."), never calling anything optimal that is not proven.
 * `found`: the length of a line found but not proven optimal (a fast search's). `done`: the words for the goal
 * reached ("Solved", "The tiles are in order").
 */
export function playedLineWords(n: number, metric: Metric, known: { optimal: number | null; found?: number; lowerBound?: number }, lang: Lang, done?: { en: string; zh: string }): string {
  const count = countWords(metric, n, lang);
  // A line as short as the proven bound is a shortest one.
  const optimal = known.optimal ?? (known.lowerBound === n ? n : null);
  if (lang === 'zh') {
    const head = `${done?.zh ?? '成功！'}用了 ${count}`;
    if (optimal !== null) return `${head}，最优解是 ${countWords(metric, optimal, 'zh')}。`;
    if (known.found !== undefined) return `${head}，找到的解是 ${countWords(metric, known.found, 'zh')}（未证明最优）。`;
    return known.lowerBound && known.lowerBound < n
      ? `${head}。可见有解，最短解在 ${known.lowerBound} 到 ${count}之间。`
      : `${head}。可见有解，但是否最短尚未证明。`;
  }
  const head = `${done?.en ?? 'Solved'} in ${count}`;
  if (optimal !== null) return `${head} — optimal is ${optimal}.`;
  if (known.found !== undefined) return `${head} — the line found is ${known.found} (not proven optimal).`;
  return known.lowerBound && known.lowerBound < n
    ? `${head}: so a solution exists, and the shortest is between ${known.lowerBound} and ${count}.`
    : `${head}: so a solution exists; whether a shorter one does is not known yet.`;
}
