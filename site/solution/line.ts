/**
 * The line the solution page shows: the optimal solution from the start; your own moves, which branch from it at
 * `branch`; and the best line on from where they end (the continuation), from the tablebase at once on classic
 * layouts, else searched. Playing a move, undo, redo, back to the solution and solve-from-here edit it, and every
 * edit puts the line in the player again.
 */
import { evaluateMoves, formatTiles, movePiece, sameMove, solvedTiles, unitMoves, type GoalInput, type Layout, type Metric, type Move, type SolveResult, type TilesResult } from '../../solver/index.ts';
import type { ClassicTables } from '../solve/classic-tables.ts';
import { currentLang, t } from '../shared/i18n.ts';
import { answerNote } from './outcome-text.ts';
import { goalReachedAfter, goalSpecAfter, type PageGoal } from '../shared/page-goal.ts';
import type { PageSolves } from './solves.ts';
import type { Player } from '../player/player.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export interface PageLineContext {
  player: Player;
  start: Layout;
  tiles: boolean;
  /** Klotski: the link's goal or the default; null for tiles (they go in order) or when there is no goal. */
  goal: PageGoal | null;
  tables: ClassicTables;
  solves: PageSolves;
  metric(): Metric;
  /** The page's solve from the start found a proven optimal solution (without one, no line is optimal anywhere). */
  solvable(): boolean;
  /** Whether the tablebase knows the goal (classic layouts, the default goal). */
  tablesApply(): boolean;
  codeOf(layout: Layout): string;
  movesOn(layout: Layout): Move[];
  /** Solves a layout: the Worker first, then the browser (solution/solves.ts). Null when cancelled or failed. */
  solveLayout(layout: Layout, inBrowser: boolean, goalSpec: GoalInput | null): Promise<SolveResult | TilesResult | null>;
  /** The line in the player was replaced (the chart redraws). */
  reloaded(): void;
  /** Rewrites what the page says about the position on the board. */
  refresh(): Promise<void>;
  setStatus(text: string | (() => string), busy?: boolean): void;
}

export class PageLine {
  private readonly ctx: PageLineContext;
  private solution: Move[] = [];
  /** Where your moves branch from the solution; -1: none yet. */
  private branch = -1;
  private own: Move[] = [];
  /** The best line on from where your moves end; null while it is being found. */
  private continuation: Move[] | null = null;
  /** Your moves taken back, for redo (the last one last). */
  private readonly undone: Move[] = [];
  /** Bumped by every edit, so a continuation found for an older line is dropped. */
  private token = 0;
  /** The token of the line whose continuation search stopped without an answer (nothing is awaited for it then). */
  private stoppedFor = -1;

  constructor(ctx: PageLineContext) {
    this.ctx = ctx;
  }

  /** Whether the line shown has moves of your own. */
  get branched(): boolean {
    return this.branch >= 0;
  }

  /** Your moves in the line shown, `[from, to)`; null when there are none. */
  get ownRange(): [number, number] | null {
    return this.branch < 0 ? null : [this.branch, this.branch + this.own.length];
  }

  /** The line shown: the solution, or its start, your moves and their best continuation. */
  line(): Move[] {
    return this.branch < 0 ? this.solution : [...this.solution.slice(0, this.branch), ...this.own, ...(this.continuation ?? [])];
  }

  /** Position i is the end of your moves and the best line on from there is still being found. */
  awaitsContinuation(i: number): boolean {
    return this.branch >= 0 && this.continuation === null && this.stoppedFor !== this.token && i === this.branch + this.own.length;
  }

  /** The player moves one piece at a time: a straight tiles move (a run) plays as its one-tile slides. */
  asPlayed(moves: Move[]): Move[] {
    return this.ctx.tiles && this.ctx.metric() === 'straight' ? unitMoves(moves) : moves;
  }

  /** A new solution from the start, shown with none of your moves (the player is loaded by reload or showOwn). */
  setSolution(moves: Move[]): void {
    this.solution = this.asPlayed(moves);
    this.branch = -1;
    this.own = [];
    this.continuation = null;
    this.undone.length = 0;
  }

  /** Puts the current line in the player at move `at`. */
  reload(at: number): void {
    const { player } = this.ctx;
    player.load(this.ctx.start, this.line(), this.ownRange);
    player.jump(at);
    $<HTMLButtonElement>('undo').disabled = this.own.length === 0;
    $<HTMLButtonElement>('redo').disabled = this.undone.length === 0;
    $('back-to-solution').hidden = this.branch < 0;
    this.ctx.reloaded();
  }

  /** Shows moves from the start as your own line (from a `?line=` link or pasted), at move `at`. */
  showOwn(moves: Move[], at: number): void {
    this.branch = 0;
    this.own = moves;
    this.continuation = null;
    this.undone.length = 0;
    this.token++;
    this.reload(at);
    void this.findContinuation();
  }

  /**
   * Plays a move of your own from the position on the board: your line is the solution up to where you left it, then
   * your moves. When your move is the line's own next move and the line is optimal from there, its rest is your best
   * continuation; otherwise the best continuation is found (instantly from the tablebase, or searched).
   */
  playOwn(move: Move): void {
    const { player } = this.ctx;
    const i = player.position;
    const current = this.line();
    const next = player.nextMove;
    const rest = next && sameMove(next, move) && this.lineDistance(i + 1) !== undefined ? current.slice(i + 1) : null;
    if (this.branch < 0 || i < this.branch) {
      this.branch = i;
      this.own = [move];
    } else this.own = [...current.slice(this.branch, i), move];
    this.continuation = rest;
    this.undone.length = 0;
    this.token++;
    this.reload(this.branch + this.own.length);
    if (!rest) void this.findContinuation();
  }

  /** Drops your moves: the solution again, at the move where they branched from it. */
  backToSolution(): void {
    const at = this.branch;
    this.branch = -1;
    this.own = [];
    this.continuation = null;
    this.undone.length = 0;
    this.token++;
    this.ctx.solves.cancel();
    this.reload(at);
  }

  /** Takes back your last move (the last one taken back, the solution is shown again). */
  undo(): void {
    const last = this.own.pop();
    if (!last) return;
    this.undone.push(last);
    if (this.own.length === 0) {
      const at = this.branch;
      this.branch = -1;
      this.continuation = null;
      this.token++;
      this.reload(at);
      return;
    }
    this.continuation = null;
    this.reload(this.branch + this.own.length);
    void this.findContinuation();
  }

  /** Plays again the move last taken back. */
  redo(): void {
    const next = this.undone.pop();
    if (!next) return;
    if (this.branch < 0) this.branch = this.ctx.player.position;
    this.own.push(next);
    this.continuation = null;
    this.reload(this.branch + this.own.length);
    void this.findContinuation();
  }

  /**
   * Solve from here: the position on the board becomes the end of your line, and its best continuation is found in
   * place (the tablebase, or a search with progress and Cancel); no reload.
   */
  solveHere(): void {
    const i = this.ctx.player.position;
    if (this.lineDistance(i) !== undefined && (this.branch < 0 || i <= this.branch || i >= this.branch + this.own.length)) {
      this.ctx.setStatus(() => t('onBestLine'));
      return;
    }
    this.own = this.line().slice(this.branch, i);
    this.continuation = null;
    this.undone.length = 0;
    this.reload(i);
    void this.findContinuation();
  }

  /** The line's distance to go from move i, where the line is known to be optimal there; undefined elsewhere. */
  lineDistance(i: number): number | undefined {
    if (!this.ctx.solvable() || (this.ctx.tiles && this.ctx.metric() === 'straight')) return undefined;
    if (this.branch < 0 || i <= this.branch) return this.solution.length - i;
    if (this.continuation && i >= this.branch + this.own.length) return this.line().length - i;
    return undefined;
  }

  /** The goal reached at position i of the line shown (`layout`): the goal piece at its place, or the tiles in order. */
  isSolved(layout: Layout, i: number): boolean {
    if (this.ctx.tiles) return this.ctx.codeOf(layout) === formatTiles(solvedTiles(layout.width, layout.height));
    return !!this.ctx.goal && goalReachedAfter(this.ctx.goal, layout, this.line().slice(0, i));
  }

  /** The goal to search with from position i of the line shown (null: the default goal, or tiles). */
  goalSpecAt(i: number): GoalInput | null {
    return this.ctx.goal ? goalSpecAfter(this.ctx.goal, this.line().slice(0, i)) : null;
  }

  /** The best line on from the end of your moves: from the tablebase at once on classic layouts, else searched. */
  private async findContinuation(): Promise<void> {
    const { ctx } = this;
    const token = ++this.token;
    let layout = ctx.start;
    for (const m of this.line().slice(0, this.branch + this.own.length)) layout = movePiece(layout, m.from, m.to);
    let found: Move[] | null = null;
    const end = this.branch + this.own.length;
    if (this.isSolved(layout, end)) found = [];
    else if (ctx.tablesApply() && (await ctx.tables.ensure(layout, ctx.metric()))) found = this.tableLine(layout);
    else {
      // Tiles: the page's own worker (its databases stay loaded), never the server's budget.
      const solved = await ctx.solveLayout(layout, ctx.tiles, this.goalSpecAt(end));
      if (solved?.status === 'solved') found = this.asPlayed(solved.moves);
      else if (solved && token === this.token) {
        // The search stopped (or, from a start not known to be solvable, proved there is none): no line on, and
        // the status says what was found instead — never a line of no moves, which would read as the goal reached.
        this.stoppedFor = token;
        ctx.setStatus(() => answerNote(solved, currentLang()) ?? '');
      }
    }
    if (token !== this.token || found === null) return;
    this.continuation = found;
    this.reload(ctx.player.position);
    await ctx.refresh();
  }

  /** An optimal line from a classic position, walked down the tablebase one move at a time (null: no way). */
  private tableLine(from: Layout): Move[] | null {
    const { ctx } = this;
    const out: Move[] = [];
    for (let layout = from; ; ) {
      const here = evaluateMoves(layout, ctx.metric(), ctx.tables.source);
      if (!here || here.distance === null) return null;
      if (here.distance === 0) return out;
      const best = here.moves.find((m) => m.distance === here.distance! - 1);
      const move = best && ctx.movesOn(layout).find((m) => sameMove(m, best));
      if (!move) return null;
      out.push(move);
      layout = movePiece(layout, move.from, move.to);
    }
  }
}
