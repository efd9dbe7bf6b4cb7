/**
 * The /s/<code> page: validate the code, fetch the solution (or solve in the browser), play it, let people play.
 * This file wires the page together and keeps what it says about the position on the board; the line shown is
 * solution/line.ts, the address solution/address.ts, and the hint, GIF and goal controls have modules of their own.
 */
import { evaluateMoves, formatLayout, isGoalDrawing, legalMoves, tileMoves, type GoalInput, type Layout, type Metric, type MoveEvaluation, type SolveResult, type TilesResult } from '../../solver/index.ts';
import { ClassicTables } from '../solve/classic-tables.ts';
import { copyOnClick } from '../shared/copy-button.ts';
import { DistanceChart } from '../player/distance-chart.ts';
import { setupEmbedDialog } from './embed-dialog.ts';
import { setupGifDownload } from './gif-download.ts';
import { setupGoalStep } from './goal-step.ts';
import { currentLang, setupLangSwitch, t, type Lang } from '../shared/i18n.ts';
import { lineDistances } from './line-distances.ts';
import { formatLine, readLine } from './line-text.ts';
import { setupMovesText } from './moves-text.ts';
import { goalForMoves, readGoal } from '../shared/page-goal.ts';
import { setupHint } from './hint.ts';
import { PageLine } from './line.ts';
import { PageSolves } from './solves.ts';
import { PlayInput } from '../player/input.ts';
import { Player } from '../player/player.ts';
import { problemText } from '../shared/problem-text.ts';
import { positionInLine } from './keep-position.ts';
import { boardAddress, codeFromAddress, metricFromUrl, moveFromUrl, replayPath, tilesCode } from './address.ts';
import { answerState } from './outcome-text.ts';
import { atLeastToGo, showCount, solvedIn, toGo } from './words.ts';
import { TileMarks } from '../board/tile-marks.ts';
import { readPagePuzzle, rushExitRow, setSlideParam } from '../shared/slide.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

async function main(): Promise<void> {
  setupLangSwitch();
  const code = codeFromAddress();
  // A `rush:` code, or ?slide=line: Rush Hour's rule (bars along their length only) for every solve and move here.
  const parsed = readPagePuzzle(code, new URL(location.href).searchParams.get('slide'));
  if (!parsed.ok) {
    $('error').hidden = false;
    const showProblem = () => ($('error-message').textContent = problemText(parsed.error, currentLang()));
    showProblem();
    document.addEventListener('langchange', showProblem);
    $<HTMLAnchorElement>('fix-link').href = `/?layout=${encodeURIComponent(code)}`;
    $('solution').hidden = true;
    return;
  }
  const start = parsed.value.layout;
  const tiles = parsed.value.kind === 'tiles';
  const canonicalCode = parsed.value.canonical;
  const slide = parsed.value.slide;
  // A `rush:` page goes on at the project's own code with slide=line (as the API answers it): every link it makes,
  // and every address it writes as the board moves, then says the rule.
  if (canonicalCode !== code && slide === 'line') {
    const url = new URL(location.href);
    url.pathname = `/s/${canonicalCode}`;
    setSlideParam(url.searchParams, slide);
    history.replaceState(null, '', url);
  }
  // Tiles layouts are 1×1 pieces lettered by tile number; their code is the tiles code.
  const codeOf = (layout: Layout) => (tiles ? tilesCode(layout) : formatLayout(layout));
  const movesOn = (layout: Layout) => (tiles ? tileMoves(layout) : legalMoves(layout, metric, goalForMoves(layout), slide));
  $('layout-code').textContent = canonicalCode;
  if (tiles) {
    document.body.dataset.kind = 'tiles';
    document.querySelector<HTMLElement>('input[name=metric][value=step]')!.closest('label')!.hidden = true;
  }
  const player = new Player($('player'), start, { globalKeys: true, exit: !tiles, tiles });
  player.board.setRushExit(rushExitRow(start, slide));
  // Klotski: the goal from the link (or the default); tiles go in order.
  const goalRead = tiles ? null : readGoal(start, new URL(location.href).searchParams.get('goal'), slide);
  const goal = goalRead && 'goal' in goalRead ? goalRead.goal : null;
  // The default goal is the exit, drawn already; a link's own goal is drawn as ghost outlines, one per goal piece.
  if (goal?.spec) player.board.setGoal(goal.places);
  // A drawing's goal is no escape: the end says the pieces are in place.
  const drawnGoal = isGoalDrawing(goal?.spec);
  if (drawnGoal) {
    player.doneWords = 'goalReached';
    player.board.setExit(false);
    player.board.setRushExit(null);
  }
  const solvedWords = () => t(tiles ? 'solvedTiles' : drawnGoal ? 'solvedGoal' : 'solved');
  // The tablebase knows the default goal only.
  const tablesApply = () => !tiles && !goal?.spec && slide === 'free';
  let metric = metricFromUrl();
  if (tiles && metric === 'step') metric = 'move';
  let result: SolveResult | TilesResult | null = null;
  const tables = new ClassicTables();
  // The position on the board, wherever it came from, is what every line of the page describes: its evaluation
  // (classic layouts, from the tablebase) is recomputed each time it changes.
  let evaluation: MoveEvaluation | null = null;
  /** The move just played from the board, in words, for the status line. */
  let said: string | null = null;
  const startPath = location.pathname; // after a rush: address was rewritten

  // The status is kept as a way to write it, so switching language rewrites it in the new language.
  let statusText: () => string = () => '';
  const setStatus = (text: string | (() => string), busy = false) => {
    statusText = typeof text === 'string' ? () => text : text;
    $('status').textContent = statusText();
    $('status').classList.toggle('busy', busy);
  };
  const solves = new PageSolves({ tiles, slide, bigTiles: tiles && start.width * start.height >= 16, metric: () => metric, setStatus });
  /** Solves a layout: the Worker first, then the browser (solution/solves.ts). Null when cancelled or failed. */
  const solveLayout = (layout: Layout, inBrowser: boolean, goalSpec: GoalInput | null) => solves.solve(codeOf(layout), inBrowser, goalSpec);
  // Your line and the optimal one (solution/line.ts).
  const line = new PageLine({
    player,
    start,
    tiles,
    goal,
    tables,
    solves,
    metric: () => metric,
    // Only a proven optimal solution says how far the goal is (a fast search's line may be longer than needed).
    solvable: () => result?.status === 'solved' && result.optimal,
    tablesApply,
    codeOf,
    movesOn,
    solveLayout,
    reloaded: () => void drawChart(),
    refresh: () => refresh(),
    setStatus,
  });
  // Tiles: the distance each slidable tile leads to.
  const tileMarks = new TileMarks({
    player,
    metric: () => metric,
    lineNext: () => (line.lineDistance(player.position) !== undefined ? player.nextMove : undefined),
    codeOf,
    toGoText: (distance) => (distance === 0 ? t('solvedTiles') : toGo(distance, metric)),
  });
  // ?at=N (or its alias ?start=N) opens the solution at move N, once; ?line= replays a line of your own.
  let openAt = moveFromUrl();
  let openLine = new URL(location.href).searchParams.get('line');
  /** The position on screen when the count was switched: the new line goes on from there (solution/keep-position.ts). */
  let keep: { shown: string; index: number; length: number } | null = null;

  // The chart of moves to go along the line shown, under the controls: it follows the player, and a click moves it.
  const chart = new DistanceChart((i) => {
    player.pause();
    player.jump(i);
  });
  player.root.querySelector('.player-stage')!.append(chart.root);
  player.addEventListener('change', () => chart.mark(player.position));
  let chartToken = 0;
  /** Draws the line shown: the distances the page knows, and on classic boards your own moves' from the tablebase. */
  async function drawChart(): Promise<void> {
    const token = ++chartToken;
    const table = !tiles && slide === 'free' && line.branched && (await tables.ensure(start, metric));
    if (token !== chartToken) return;
    const lookup = table ? (layout: Layout) => evaluateMoves(layout, metric, tables.source)?.distance : null;
    const positions = player.frames().map((f) => f.layout);
    chart.show(player.length === 0 ? null : { distances: lineDistances(positions, (i) => line.lineDistance(i), lookup), own: line.ownRange, metric });
    chart.mark(player.position);
  }

  async function load(layout: Layout): Promise<void> {
    setStatus(() => t('solving'), true);
    showCount(null);
    solves.arrivalNote = null;
    // Nothing to play, download or hint at until there is a line (the player disables its own controls meanwhile).
    setLineActions(false);
    const found = await solveLayout(layout, false, line.goalSpecAt(0));
    if (!found) return;
    result = found;
    setLineActions(true);
    setStatus('');
    line.setSolution(result.moves);
    // No solution, proven: the board stays, but nothing to play back or hint at; the way on is the editor. A search
    // that stopped proved nothing of the kind: the board stays playable by hand, and the page says what is known.
    const stuck = result.status === 'unsolvable';
    $('player').dataset.outcome = answerState(result);
    player.board.setPlayable(!stuck);
    if (stuck) $('player').dataset.unsolvable = 'true';
    else delete $('player').dataset.unsolvable;
    $('play-actions').hidden = stuck;
    $('play-help').hidden = stuck;
    $('moves-text').hidden = stuck;
    $('unsolvable-edit').hidden = !stuck;
    $<HTMLAnchorElement>('unsolvable-edit-link').href = `/?layout=${encodeURIComponent(code)}`;
    // Your moves from a `?line=` link, when every one is legal from the start (read as pasted text is: solution/line-text.ts).
    const read = openLine === null ? null : readLine(openLine, start, movesOn);
    const replay = read?.ok ? read.moves : null;
    openLine = null;
    if (replay && replay.length > 0) line.showOwn(replay, openAt > 0 ? Math.min(openAt, replay.length) : replay.length);
    else line.reload(openAt);
    openAt = 0;
    if (keep) player.jump(positionInLine(keep.shown, keep.index, keep.length, player.frames().map((f) => formatLayout(f.layout))));
    keep = null;
    showCount(result);
    await refresh();
    if (solves.arrivalNote) setStatus(solves.arrivalNote);
    $('player').dataset.ready = 'true';
  }

  function setLineActions(enabled: boolean): void {
    for (const id of ['hint', 'download-gif', 'copy-moves', 'load-moves']) $<HTMLButtonElement>(id).disabled = !enabled;
  }

  /**
   * Evaluates the position on the board and rewrites the distance line and the status for it; `moved`: the position
   * changed, so a status about the previous one (a hint) goes.
   */
  async function refresh(moved = false): Promise<void> {
    const layout = player.shown;
    const i = player.position;
    evaluation = tablesApply() && (await tables.ensure(layout, metric)) ? evaluateMoves(layout, metric, tables.source) : null;
    if (player.shown !== layout) return; // moved on meanwhile
    const distance = evaluation ? evaluation.distance : result?.status === 'unsolvable' && i === 0 ? null : line.lineDistance(i);
    showDistance(distance, i === 0 && result?.status === 'budget-exceeded' ? result.lowerBound : undefined);
    // Marked when the position changes, and again once its distance is known (the first refresh may not know it).
    if (tiles && (moved || !tileMarks.isFor(layout, distance))) void tileMarks.mark(layout, distance);
    if (line.branched && i > 0 && line.isSolved(layout, i)) {
      setStatus(() => solvedIn(i, result, metric, tiles));
      showReplayLink(i);
    } else if (line.awaitsContinuation(i)) {
      if (!solves.busy) setStatus(() => t('solving'), true);
    } else if (moved && !solves.busy) {
      // A move you just played is said (the status is a live region); any older status goes.
      const text = said ?? '';
      setStatus(() => text);
    }
    if (moved) said = null;
    if (!line.branched || !line.isSolved(layout, i)) $('replay-line').hidden = true;
  }

  /** The distance line: the distance to go where known, else the proven lower bound (`atLeast`) where there is one. */
  function showDistance(d: number | null | undefined, atLeast?: number): void {
    const el = $('distance');
    if (d === undefined) {
      el.textContent = atLeast ? atLeastToGo(atLeast, metric) : '';
      delete el.dataset.distance;
      return;
    }
    el.dataset.distance = d === null ? '' : String(d);
    el.textContent = d === null ? t('noWay') : d === 0 ? solvedWords() : toGo(d, metric);
  }

  /** A link that replays your line from the start, to move `end`. */
  function showReplayLink(end: number): void {
    $<HTMLAnchorElement>('replay-line-link').href = replayPath(startPath, line.line().slice(0, end), start.width);
    $('replay-line').hidden = false;
  }

  // The address follows the board: on the solution, ?at=N; on your own line, the position itself, so a copied link
  // opens where the player is.
  let lastShown: Layout | null = null;
  player.addEventListener('change', (e) => {
    // The player also says "change" when only its labels did (a language switch): nothing to redo then.
    if (player.shown === lastShown) return;
    lastShown = player.shown;
    const url = boardAddress(startPath, (e as CustomEvent<number>).detail, line.branched ? codeOf(player.shown) : null);
    if (url.href !== location.href) history.replaceState(null, '', url);
    clearSelection();
    void refresh(true);
  });

  $('back-to-solution').addEventListener('click', () => line.backToSolution());
  $('undo').addEventListener('click', () => line.undo());
  $('redo').addEventListener('click', () => line.redo());

  for (const input of document.querySelectorAll<HTMLInputElement>('input[name=metric]')) {
    input.checked = input.value === metric;
    input.addEventListener('change', () => {
      metric = input.value as Metric;
      const url = new URL(location.href);
      if (metric === 'move') url.searchParams.delete('metric');
      else url.searchParams.set('metric', metric);
      history.replaceState(null, '', url);
      keep = { shown: formatLayout(player.shown), index: player.position, length: player.length };
      void load(start);
    });
  }

  setupGifDownload({ frames: () => player.frames(), tiles, canonicalCode, setStatus });
  $('cancel').addEventListener('click', () => solves.cancel());
  $('cancel').classList.add('idle');
  copyOnClick($('copy-link'), () => location.href, { done: 'copied', idle: 'copyLink' });
  setupMovesText({ text: () => formatLine(line.line(), start.width), read: (text) => readLine(text, start, movesOn), load: (moves) => line.showOwn(moves, moves.length) });
  // The snippets carry the link's goal (a drawn goal's puzzle is not the default one).
  setupEmbedDialog(canonicalCode, () => metric, goal?.spec ? new URL(location.href).searchParams.get('goal') : null, slide);

  // Play mode: pick a piece (click, tap or keyboard), then one of its targets, or drag it (player/input.ts).
  const input = new PlayInput({
    player,
    tiles,
    movesOn,
    evaluation: () => evaluation,
    toGo: (distance) => toGo(distance, metric),
    say: (text) => setStatus(text),
    play: (move, words) => {
      said = words;
      line.playOwn(move);
    },
  });
  const clearSelection = () => input.clearSelection();

  setupHint({ player, line, tiles, metric: () => metric, evaluation: () => evaluation, movesOn, codeOf, solveLayout, solvedWords, clearSelection, setStatus });
  $('solve-here').addEventListener('click', () => line.solveHere());

  document.addEventListener('langchange', (e) => {
    player.setLang((e as CustomEvent<Lang>).detail);
    showCount(result);
    void refresh();
    $('status').textContent = statusText();
  });
  if (setupGoalStep({ player, start, tiles, code, goalRead, setStatus, clearSelection, setLineActions })) return;
  await load(start);
}

void main();
