/** The /s/<code> page: validate the code, fetch the solution (or solve in the browser), play it, let people play. */
import { codeFromPath } from './path-code.ts';
import { encodeMoves, evaluateMoves, isGoalDrawing, formatLayout, formatTiles, legalMoves, sameMove, solvedTiles, movePiece, parsePuzzleCode, tileMoves, tileNumber, unitMoves, type Layout, type Metric, type Move, type MoveEvaluation, type GoalInput, type SolveResult, type TilesResult } from '../../solver/index.ts';
import { ClassicTables } from './classic-tables.ts';
import { copyOnClick } from './copy-button.ts';
import { DistanceChart } from './distance-chart.ts';
import { PlayInput } from './play-input.ts';
import { setupEmbedDialog } from './embed-dialog.ts';
import { GoalPicker } from './goal-picker.ts';
import { goalForMoves, goalParam, goalReachedAfter, goalSpecAfter, readGoal } from './page-goal.ts';
import { countText, currentLang, setupLangSwitch, t, type Lang } from './i18n.ts';
import { lineDistances } from './line-distances.ts';
import { formatLine, readLine } from './line-text.ts';
import { setupMovesText } from './moves-text.ts';
import { Player } from './player.ts';
import { problemText } from './problem-text.ts';
import { PageSolves } from './page-solve.ts';
import { TileMarks } from './tile-marks.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const METRICS: Metric[] = ['move', 'straight', 'step'];

/** The code in the address; a malformed %-escape stays as typed, so the page says what is wrong with it. */
function codeFromAddress(): string {
  const read = codeFromPath('/s/');
  return 'code' in read ? read.code : location.pathname.slice('/s/'.length);
}

function metricFromUrl(): Metric {
  const m = new URLSearchParams(location.search).get('metric');
  return METRICS.includes(m as Metric) ? (m as Metric) : 'move';
}

function showCount(result: SolveResult | TilesResult | null, metric: Metric): void {
  const el = $('move-count');
  if (!result) {
    el.textContent = '';
    return;
  }
  if (!result.solvable) {
    el.textContent = t('unsolvable');
    return;
  }
  const n = result.length!;
  el.textContent = countText(n, metric);
  el.dataset.length = String(n);
}

async function main(): Promise<void> {
  setupLangSwitch();
  const code = codeFromAddress();
  const parsed = parsePuzzleCode(code);
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
  // Tiles layouts are 1×1 pieces lettered by tile number; their code is the tiles code.
  const codeOf = (layout: Layout) => (tiles ? tilesCode(layout) : formatLayout(layout));
  const movesOn = (layout: Layout) => (tiles ? tileMoves(layout) : legalMoves(layout, metric, goalForMoves(layout)));
  $('layout-code').textContent = canonicalCode;
  if (tiles) {
    document.body.dataset.kind = 'tiles';
    document.querySelector<HTMLElement>('input[name=metric][value=step]')!.closest('label')!.hidden = true;
  }
  const player = new Player($('player'), start, { globalKeys: true, exit: !tiles, tiles });
  // Klotski: the goal from the link (or the default); tiles go in order.
  const goalRead = tiles ? null : readGoal(start, new URL(location.href).searchParams.get('goal'));
  const goal = goalRead && 'goal' in goalRead ? goalRead.goal : null;
  // The default goal is the exit, drawn already; a link's own goal is drawn as ghost outlines, one per goal piece.
  if (goal?.spec) player.board.setGoal(goal.places);
  // A drawing's goal is no escape: the end says the pieces are in place.
  const drawnGoal = isGoalDrawing(goal?.spec);
  if (drawnGoal) {
    player.doneWords = 'goalReached';
    player.board.setExit(false);
  }
  const solvedWords = () => t(tiles ? 'solvedTiles' : drawnGoal ? 'solvedGoal' : 'solved');
  /** The goal to search with from position i of the line shown (null: the default goal, or tiles). */
  const goalSpecAtIndex = (i: number) => (goal ? goalSpecAfter(goal, line().slice(0, i)) : null);
  // The tablebase knows the default goal only.
  const tablesApply = () => !tiles && !goal?.spec;
  // Tiles: the distance each slidable tile leads to.
  const tileMarks = new TileMarks({
    player,
    metric: () => metric,
    lineNext: () => (lineDistance(player.position) !== undefined ? player.nextMove : undefined),
    codeOf,
    toGoText: (distance) => (distance === 0 ? t('solvedTiles') : toGo(distance, metric)),
  });
  let metric = metricFromUrl();
  if (tiles && metric === 'step') metric = 'move';
  let result: SolveResult | TilesResult | null = null;
  const tables = new ClassicTables();
  // The position on the board, wherever it came from, is what every line of the page describes: its evaluation
  // (classic layouts, from the tablebase) is recomputed each time it changes.
  let evaluation: MoveEvaluation | null = null;
  // Your line and the optimal one: the solution from the start; your own moves branch from it at `branch` (-1: none
  // yet), and `continuation` is the best line on from where they end (null while it is being found).
  let solution: Move[] = [];
  let branch = -1;
  let own: Move[] = [];
  let continuation: Move[] | null = null;
  let lineToken = 0;
  /** The move just played from the board, in words, for the status line. */
  let said: string | null = null;
  const undone: Move[] = [];
  const startPath = location.pathname;

  // The status is kept as a way to write it, so switching language rewrites it in the new language.
  let statusText: () => string = () => '';
  const setStatus = (text: string | (() => string), busy = false) => {
    statusText = typeof text === 'string' ? () => text : text;
    $('status').textContent = statusText();
    $('status').classList.toggle('busy', busy);
  };
  const solves = new PageSolves({ tiles, bigTiles: tiles && start.width * start.height >= 16, metric: () => metric, setStatus });
  // ?at=N (or its alias ?start=N) opens the solution at move N, once; ?line= replays a line of your own.
  let openAt = moveFromUrl();
  let openLine = new URL(location.href).searchParams.get('line');

  const line = (): Move[] => (branch < 0 ? solution : [...solution.slice(0, branch), ...own, ...(continuation ?? [])]);
  /** Puts the current line in the player at move `at`. */
  function reload(at: number): void {
    player.load(start, line(), branch < 0 ? null : [branch, branch + own.length]);
    player.jump(at);
    ($('undo') as HTMLButtonElement).disabled = own.length === 0;
    ($('redo') as HTMLButtonElement).disabled = undone.length === 0;
    $('back-to-solution').hidden = branch < 0;
    void drawChart();
  }

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
    const table = !tiles && branch >= 0 && (await tables.ensure(start, metric));
    if (token !== chartToken) return;
    const lookup = table ? (layout: Layout) => evaluateMoves(layout, metric, tables.source)?.distance : null;
    const positions = player.frames().map((f) => f.layout);
    chart.show(player.length === 0 ? null : { distances: lineDistances(positions, lineDistance, lookup), own: branch < 0 ? null : [branch, branch + own.length], metric });
    chart.mark(player.position);
  }

  /** Shows moves from the start as your own line (from a `?line=` link or pasted), at move `at`. */
  function showOwnLine(moves: Move[], at: number): void {
    branch = 0;
    own = moves;
    continuation = null;
    undone.length = 0;
    lineToken++;
    reload(at);
    void findContinuation();
  }

  /** Solves a layout: the Worker first, then the browser (page-solve.ts). Null when cancelled or failed. */
  const solveLayout = (layout: Layout, inBrowser: boolean, goalSpec: GoalInput | null) => solves.solve(codeOf(layout), inBrowser, goalSpec);

  async function load(layout: Layout): Promise<void> {
    setStatus(() => t('solving'), true);
    showCount(null, metric);
    solves.arrivalNote = null;
    // Nothing to play, download or hint at until there is a line (the player disables its own controls meanwhile).
    setLineActions(false);
    const found = await solveLayout(layout, false, goalSpecAtIndex(0));
    if (!found) return;
    result = found;
    setLineActions(true);
    setStatus('');
    // The player moves one piece at a time: a straight tiles move (a run) plays as its one-tile slides.
    solution = tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves;
    branch = -1;
    own = [];
    continuation = null;
    undone.length = 0;
    // No solution: the board stays, but nothing to play back or hint at; the way on is the editor.
    const stuck = !result.solvable;
    player.board.setPlayable(!stuck);
    if (stuck) $('player').dataset.unsolvable = 'true';
    else delete $('player').dataset.unsolvable;
    $('play-actions').hidden = stuck;
    $('play-help').hidden = stuck;
    $('moves-text').hidden = stuck;
    $('unsolvable-edit').hidden = !stuck;
    $<HTMLAnchorElement>('unsolvable-edit-link').href = `/?layout=${encodeURIComponent(code)}`;
    // Your moves from a `?line=` link, when every one is legal from the start (read as pasted text is: line-text.ts).
    const read = openLine === null ? null : readLine(openLine, start, movesOn);
    const replay = read?.ok ? read.moves : null;
    openLine = null;
    if (replay && replay.length > 0) showOwnLine(replay, openAt > 0 ? Math.min(openAt, replay.length) : replay.length);
    else reload(openAt);
    openAt = 0;
    showCount(result, metric);
    await refresh();
    if (solves.arrivalNote) setStatus(solves.arrivalNote);
    $('player').dataset.ready = 'true';
  }

  function setLineActions(enabled: boolean): void {
    for (const id of ['hint', 'download-gif', 'copy-moves', 'load-moves']) $<HTMLButtonElement>(id).disabled = !enabled;
  }

  /** The best line on from the end of your moves: from the tablebase at once on classic layouts, else searched. */
  async function findContinuation(): Promise<void> {
    const token = ++lineToken;
    let layout = start;
    for (const m of line().slice(0, branch + own.length)) layout = movePiece(layout, m.from, m.to);
    let found: Move[] | null = null;
    const end = branch + own.length;
    if (isSolved(layout, end)) found = [];
    else if (tablesApply() && (await tables.ensure(layout, metric))) found = tableLine(layout);
    else {
      // Tiles: the page's own worker (its databases stay loaded), never the server's budget.
      const solved = await solveLayout(layout, tiles, goalSpecAtIndex(end));
      if (solved) found = tiles && metric === 'straight' ? unitMoves(solved.moves) : solved.moves;
    }
    if (token !== lineToken || found === null) return;
    continuation = found;
    reload(player.position);
    await refresh();
  }

  /** An optimal line from a classic position, walked down the tablebase one move at a time (null: no way). */
  function tableLine(from: Layout): Move[] | null {
    const out: Move[] = [];
    for (let layout = from; ; ) {
      const here = evaluateMoves(layout, metric, tables.source);
      if (!here || here.distance === null) return null;
      if (here.distance === 0) return out;
      const best = here.moves.find((m) => m.distance === here.distance! - 1);
      const move = best && movesOn(layout).find((m) => sameMove(m, best));
      if (!move) return null;
      out.push(move);
      layout = movePiece(layout, move.from, move.to);
    }
  }

  /** The line's distance to go from move i, where the line is known to be optimal there; undefined elsewhere. */
  function lineDistance(i: number): number | undefined {
    if (!result?.solvable || (tiles && metric === 'straight')) return undefined;
    if (branch < 0 || i <= branch) return solution.length - i;
    if (continuation && i >= branch + own.length) return line().length - i;
    return undefined;
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
    const distance = evaluation ? evaluation.distance : result && !result.solvable && i === 0 ? null : lineDistance(i);
    showDistance(distance);
    // Marked when the position changes, and again once its distance is known (the first refresh may not know it).
    if (tiles && (moved || !tileMarks.isFor(layout, distance))) void tileMarks.mark(layout, distance);
    if (branch >= 0 && i > 0 && isSolved(layout, i)) {
      setStatus(() => solvedIn(i, solution.length, metric, tiles));
      showReplayLink(i);
    } else if (branch >= 0 && continuation === null && i === branch + own.length) {
      if (!solves.busy) setStatus(() => t('solving'), true);
    } else if (moved && !solves.busy) {
      // A move you just played is said (the status is a live region); any older status goes.
      const text = said ?? '';
      setStatus(() => text);
    }
    if (moved) said = null;
    if (branch < 0 || !isSolved(layout, i)) $('replay-line').hidden = true;
  }

  function showDistance(d: number | null | undefined): void {
    const el = $('distance');
    if (d === undefined) {
      el.textContent = '';
      delete el.dataset.distance;
      return;
    }
    el.dataset.distance = d === null ? '' : String(d);
    el.textContent = d === null ? t('noWay') : d === 0 ? solvedWords() : toGo(d, metric);
  }

  /** A link that replays your line from the start, to move `end`. */
  function showReplayLink(end: number): void {
    const url = new URL(startPath, location.origin);
    url.search = new URL(location.href).search;
    url.searchParams.delete('at');
    url.searchParams.delete('start');
    url.searchParams.set('line', encodeMoves(line().slice(0, end), start.width));
    const a = $<HTMLAnchorElement>('replay-line-link');
    a.href = url.pathname + url.search;
    $('replay-line').hidden = false;
  }

  // The address follows the board: on the solution, ?at=N; on your own line, the position itself, so a copied link
  // opens where the player is.
  let lastShown: Layout | null = null;
  player.addEventListener('change', (e) => {
    // The player also says "change" when only its labels did (a language switch): nothing to redo then.
    if (player.shown === lastShown) return;
    lastShown = player.shown;
    const at = (e as CustomEvent<number>).detail;
    const url = new URL(location.href);
    url.searchParams.delete('start');
    url.searchParams.delete('line');
    if (branch >= 0) {
      url.pathname = `/s/${codeOf(player.shown)}`;
      url.searchParams.delete('at');
    } else {
      url.pathname = startPath;
      if (at > 0) url.searchParams.set('at', String(at));
      else url.searchParams.delete('at');
    }
    if (url.href !== location.href) history.replaceState(null, '', url);
    clearSelection();
    void refresh(true);
  });

  /**
   * Plays a move of your own from the position on the board: your line is the solution up to where you left it, then
   * your moves. When your move is the line's own next move and the line is optimal from there, its rest is your best
   * continuation; otherwise the best continuation is found (instantly from the tablebase, or searched).
   */
  function playOwn(move: Move): void {
    const i = player.position;
    const current = line();
    const next = player.nextMove;
    const rest = next && sameMove(next, move) && lineDistance(i + 1) !== undefined ? current.slice(i + 1) : null;
    if (branch < 0 || i < branch) {
      branch = i;
      own = [move];
    } else own = [...current.slice(branch, i), move];
    continuation = rest;
    undone.length = 0;
    lineToken++;
    reload(branch + own.length);
    if (!rest) void findContinuation();
  }

  $('back-to-solution').addEventListener('click', () => {
    const at = branch;
    branch = -1;
    own = [];
    continuation = null;
    undone.length = 0;
    lineToken++;
    solves.cancel();
    reload(at);
  });
  $('undo').addEventListener('click', () => {
    const last = own.pop();
    if (!last) return;
    undone.push(last);
    if (own.length === 0) {
      const at = branch;
      branch = -1;
      continuation = null;
      lineToken++;
      reload(at);
      return;
    }
    continuation = null;
    reload(branch + own.length);
    void findContinuation();
  });
  $('redo').addEventListener('click', () => {
    const next = undone.pop();
    if (!next) return;
    if (branch < 0) branch = player.position;
    own.push(next);
    continuation = null;
    reload(branch + own.length);
    void findContinuation();
  });

  /** The goal reached at position i of the line shown (`layout`): the goal piece at its place, or the tiles in order. */
  function isSolved(layout: Layout, i: number): boolean {
    if (tiles) return codeOf(layout) === formatTiles(solvedTiles(layout.width, layout.height));
    return !!goal && goalReachedAfter(goal, layout, line().slice(0, i));
  }

  for (const input of document.querySelectorAll<HTMLInputElement>('input[name=metric]')) {
    input.checked = input.value === metric;
    input.addEventListener('change', () => {
      metric = input.value as Metric;
      const url = new URL(location.href);
      if (metric === 'move') url.searchParams.delete('metric');
      else url.searchParams.set('metric', metric);
      history.replaceState(null, '', url);
      void load(start);
    });
  }

  // Download GIF: the line on the board (the solution, or your line and its best continuation), drawn and encoded here.
  $('download-gif').addEventListener('click', async () => {
    const button = $<HTMLButtonElement>('download-gif');
    if (button.disabled) return;
    button.disabled = true;
    const started = performance.now();
    try {
      const { solutionGif } = await import('./solution-gif.ts');
      const bytes = await solutionGif(player.frames(), {
        tiles,
        onFrame: (done, total) => setStatus(() => `${t('makingGif')} ${done} / ${total}`, true),
      });
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/gif' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `huarong-${canonicalCode.replace(/[^0-9A-Za-z.-]/g, '_')}.gif`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      document.body.dataset.gifBytes = String(bytes.length);
      document.body.dataset.gifMs = String(Math.round(performance.now() - started));
      const kb = Math.round(bytes.length / 1024);
      setStatus(() => `${t('gifReady')} (${kb} KB)`);
    } catch (e) {
      setStatus((e as Error).message);
    } finally {
      button.disabled = false;
    }
  });

  $('cancel').addEventListener('click', () => solves.cancel());
  $('cancel').classList.add('idle');
  copyOnClick($('copy-link'), () => location.href, { done: 'copied', idle: 'copyLink' });
  setupMovesText({ text: () => formatLine(line(), start.width), read: (text) => readLine(text, start, movesOn), load: (moves) => showOwnLine(moves, moves.length) });
  // The snippets carry the link's goal (a drawn goal's puzzle is not the default one).
  setupEmbedDialog(canonicalCode, () => metric, goal?.spec ? new URL(location.href).searchParams.get('goal') : null);

  // Play mode: pick a piece (click, tap or keyboard), then one of its targets, or drag it (play-input.ts).
  const input = new PlayInput({
    player,
    tiles,
    movesOn,
    evaluation: () => evaluation,
    toGo: (distance) => toGo(distance, metric),
    say: (text) => setStatus(text),
    play: (move, words) => {
      said = words;
      playOwn(move);
    },
  });
  const clearSelection = () => input.clearSelection();

  /** Shows a move as the hint for the position on the board, with the distance it leaves. */
  function showHint(move: Move, left: number | undefined): void {
    clearSelection();
    player.board.highlight([move.from], 'selected');
    player.board.highlight([move.to], 'hint');
    setStatus(() => `${t('hint')}: ${player.describe(move)}${left === undefined ? '' : ` · ${left === 0 ? solvedWords() : toGo(left, metric)}`}`);
  }

  $('hint').addEventListener('click', async () => {
    const layout = player.shown;
    const i = player.position;
    // Classic layouts: from the tablebase, for whatever position is on the board, instantly and offline.
    const here = evaluation?.distance;
    const best = here ? evaluation!.moves.find((m) => m.distance === here - 1) : undefined;
    if (best) {
      const move = movesOn(layout).find((m) => sameMove(m, best));
      if (move) return showHint(move, best.distance!);
    }
    // Where the line on the board is optimal: its next move, with no search.
    const left = lineDistance(i);
    const next = player.nextMove;
    if (next && left !== undefined) return showHint(next, left - 1);
    // Anywhere else (your moves, the best line not found yet): solve from here (tiles in the page's worker).
    const solved = await solveLayout(layout, tiles, goalSpecAtIndex(i));
    if (player.shown !== layout || !solved) return;
    const first = (tiles && metric === 'straight' ? unitMoves(solved.moves) : solved.moves)[0];
    if (!first) {
      setStatus(() => (solved.solvable ? solvedWords() : t('unsolvable')));
      return;
    }
    showHint(first, solved.length! - 1);
  });

  // Solve from here: the position on the board becomes the end of your line, and its best continuation is found in
  // place (the tablebase, or a search with progress and Cancel); no reload.
  $('solve-here').addEventListener('click', () => {
    const i = player.position;
    if (lineDistance(i) !== undefined && (branch < 0 || i <= branch || i >= branch + own.length)) {
      setStatus(() => t('onBestLine'));
      return;
    }
    own = line().slice(branch, i);
    continuation = null;
    undone.length = 0;
    reload(i);
    void findContinuation();
  });

  document.addEventListener('langchange', (e) => {
    player.setLang((e as CustomEvent<Lang>).detail);
    showCount(result, metric);
    void refresh();
    $('status').textContent = statusText();
  });
  // Goal: pick a piece and its place on the board (from the start position); the link then carries it as ?goal=.
  let goalLead: (() => string) | null = null;
  const picker = tiles
    ? null
    : new GoalPicker(player.board, {
        say: (text) => setStatus(() => (goalLead ? `${goalLead()} ${text()}` : text())),
        done: (chosen) => {
          const url = new URL(location.href);
          for (const name of ['line', 'at', 'start']) url.searchParams.delete(name);
          url.searchParams.set('goal', goalParam(chosen));
          location.assign(url);
        },
        cancelled: () => setStatus(goalLead ?? ''),
      });
  $('set-goal').hidden = tiles;
  $('set-goal').addEventListener('click', () => {
    player.pause();
    player.jump(0);
    clearSelection();
    picker?.start(start);
  });
  if (goalRead && 'problem' in goalRead) {
    // No goal (no B, several, or a link's goal that does not fit): the goal step, in place of a dead board.
    const problem = goalRead.problem;
    goalLead = problem.code === 'bad-goal' ? () => `${t('badGoal')} (${problemText(problem, currentLang())})` : () => t('noGoal');
    setLineActions(false);
    $('solve-here').hidden = true;
    $('play-help').hidden = true;
    $<HTMLAnchorElement>('goal-in-editor').href = `/?layout=${encodeURIComponent(code)}&goal=pick`;
    $('goal-step').hidden = false;
    picker!.start(start);
    return;
  }
  await load(start);
}

/** The move a link asks to open at: `?at=N`, or `?start=N` as the iframe spells it; 0 when absent or not a count. */
function moveFromUrl(): number {
  const params = new URL(location.href).searchParams;
  const n = Number(params.get('at') ?? params.get('start') ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** "最少还需 N 步" / "N moves to go", in the metric's unit. */
function toGo(n: number, metric: Metric): string {
  return currentLang() === 'zh' ? `最少还需 ${countText(n, metric, 'zh')}` : `${countText(n, metric, 'en')} to go`;
}

/** "Solved in N moves — optimal is M" (for tiles: "The tiles are in order in N moves — …"). */
function solvedIn(n: number, optimal: number, metric: Metric, tiles: boolean): string {
  if (currentLang() === 'zh') return `${tiles ? '成功！数字已排好：' : '成功！'}用了 ${countText(n, metric, 'zh')}，最优解是 ${countText(optimal, metric, 'zh')}。`;
  return `${tiles ? 'The tiles are in order' : 'Solved'} in ${countText(n, metric, 'en')} — optimal is ${optimal}.`;
}

/** Tiles code of a layout of 1×1 lettered pieces. */
function tilesCode(layout: Layout): string {
  const cells = new Uint8Array(layout.width * layout.height);
  for (const p of layout.pieces) cells[p.row * layout.width + p.col] = tileNumber(p.letter);
  return formatTiles({ width: layout.width, height: layout.height, cells });
}

void main();
