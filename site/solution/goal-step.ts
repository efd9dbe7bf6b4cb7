/**
 * The solution page's goal: Set goal picks a piece and its place on the board (from the start position), and the link
 * then carries it as ?goal=. When the board has no goal (no B, several, or a link's goal that does not fit), the goal
 * step takes the place of a dead board.
 */
import type { Layout, LayoutProblem } from '../../solver/index.ts';
import { GoalPicker } from '../board/goal-picker.ts';
import { currentLang, t } from '../shared/i18n.ts';
import { goalParam, type PageGoal } from '../shared/page-goal.ts';
import type { Player } from '../player/player.ts';
import { problemText } from '../shared/problem-text.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export interface GoalStepContext {
  player: Player;
  start: Layout;
  tiles: boolean;
  /** The puzzle's code as in the address, for the editor link. */
  code: string;
  /** The link's goal as read (shared/page-goal.ts readGoal); null for tiles. */
  goalRead: { goal: PageGoal } | { problem: LayoutProblem } | null;
  setStatus(text: string | (() => string), busy?: boolean): void;
  clearSelection(): void;
  /** Enables or disables what needs a line (hint, GIF, copy and load moves). */
  setLineActions(enabled: boolean): void;
}

/** Sets up Set goal; true when the board has no goal and the goal step is shown instead of a solution. */
export function setupGoalStep(ctx: GoalStepContext): boolean {
  const { player, start, tiles, goalRead } = ctx;
  let goalLead: (() => string) | null = null;
  const picker = tiles
    ? null
    : new GoalPicker(player.board, {
        say: (text) => ctx.setStatus(() => (goalLead ? `${goalLead()} ${text()}` : text())),
        done: (chosen) => {
          const url = new URL(location.href);
          for (const name of ['line', 'at', 'start']) url.searchParams.delete(name);
          url.searchParams.set('goal', goalParam(chosen));
          location.assign(url);
        },
        cancelled: () => ctx.setStatus(goalLead ?? ''),
      });
  $('set-goal').hidden = tiles;
  $('set-goal').addEventListener('click', () => {
    player.pause();
    player.jump(0);
    ctx.clearSelection();
    picker?.start(start);
  });
  if (!goalRead || !('problem' in goalRead)) return false;
  // No goal: the goal step, in place of a dead board.
  const problem = goalRead.problem;
  goalLead = problem.code === 'bad-goal' ? () => `${t('badGoal')} (${problemText(problem, currentLang())})` : () => t('noGoal');
  ctx.setLineActions(false);
  $('solve-here').hidden = true;
  $('play-help').hidden = true;
  $<HTMLAnchorElement>('goal-in-editor').href = `/?layout=${encodeURIComponent(ctx.code)}&goal=pick`;
  $('goal-step').hidden = false;
  picker!.start(start);
  return true;
}
