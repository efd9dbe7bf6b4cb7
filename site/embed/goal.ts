/**
 * A goal given to an embed — the widget's `goal` attribute, /embed/'s `?goal=` — in the API's forms (`B@3,1`,
 * `0,0@4,2`, or a goal drawing): read against the board as the solution page reads it (shared/page-goal.ts), drawn on the
 * player as ghost outlines, and carried by the link to the puzzle's page. 数字华容道 boards go in order, as on /s/.
 */
import { isGoalDrawing, type GoalInput, type Layout, type Metric, type Slide } from '../../solver/index.ts';
import { rushExitRow } from '../shared/slide.ts';
import { t, type Lang } from '../shared/i18n.ts';
import { readGoal } from '../shared/page-goal.ts';
import type { Player } from '../player/player.ts';
import { problemText } from '../shared/problem-text.ts';

export type EmbedGoal =
  | { spec: GoalInput | null; text: string | null; apply(player: Player): void }
  /** What is wrong, in the embed's language, and the solver's own (English) reason. */
  | { message: string; reason: string };

/** The board's goal from the embed's goal text (null: the default goal), or what is wrong with it in `lang`. */
export function readEmbedGoal(layout: Layout, tiles: boolean, text: string | null, lang: Lang, slide: Slide = 'free'): EmbedGoal {
  const given = text?.trim() || null;
  if (tiles) return { spec: null, text: null, apply: () => undefined };
  const read = readGoal(layout, given, slide);
  if ('problem' in read) {
    // A board with no default goal and none given says so in the solver's words; a goal given that does not fit is named.
    const colon = lang === 'zh' ? '：' : ': ';
    const message = given ? `${t('invalidGoal', lang)} "${given}"${colon}${problemText(read.problem, lang)}` : problemText(read.problem, lang);
    return { message, reason: read.problem.message };
  }
  const goal = read.goal;
  return {
    spec: goal.spec,
    text: goal.spec ? given : null,
    apply: (player) => {
      // Rush Hour's default goal: the exit at the right end of the red car's row.
      if (!goal.spec) return player.board.setRushExit(rushExitRow(layout, slide));
      player.board.setGoal(goal.places);
      // A drawing's goal is no escape: no exit, and the end says the pieces are in place.
      if (isGoalDrawing(goal.spec)) {
        player.doneWords = 'goalReached';
        player.board.setExit(false);
      }
    },
  };
}

/** The puzzle's page (`/s/<code>`), with its goal, metric and slide rule when they are not the defaults. */
export function puzzlePageHref(origin: string, code: string, metric: Metric, goalText: string | null, slide: Slide = 'free'): string {
  const query = new URLSearchParams();
  if (goalText) query.set('goal', goalText);
  if (metric !== 'move') query.set('metric', metric);
  if (slide === 'line') query.set('slide', 'line');
  const qs = query.toString();
  return `${origin}/s/${code}${qs ? `?${qs}` : ''}`;
}
