/** The /s/<code> page: validate the code, fetch the solution (or solve in the browser), play it, let people play. */
import { codeFromPath } from './path-code.ts';
import { evaluateMoves, formatLayout, formatTiles, legalMoves, solvedTiles, movePiece, parsePuzzleCode, tileMoves, tileNumber, unitMoves, type Layout, type Metric, type MoveEvaluation, type SolveResult, type TilesResult } from '../../solver/index.ts';
import { ClassicTables } from './classic-tables.ts';
import { copyOnClick } from './copy-button.ts';
import { countText, currentLang, downloadText, progressText, setupLangSwitch, t, type Lang } from './i18n.ts';
import { Player } from './player.ts';
import { problemText } from './problem-text.ts';
import { solveInBrowser, solveRemote } from './solve-client.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const METRICS: Metric[] = ['move', 'straight', 'step'];
/** The iframe's default size (the same as oEmbed's): the default content fits it with no scrolling. */
const EMBED_SIZE = { width: 360, height: 560 };

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
  const movesOn = (layout: Layout) => (tiles ? tileMoves(layout) : legalMoves(layout, metric));
  $('layout-code').textContent = canonicalCode;
  if (tiles) {
    document.body.dataset.kind = 'tiles';
    document.querySelector<HTMLElement>('input[name=metric][value=step]')!.closest('label')!.hidden = true;
  }
  const player = new Player($('player'), start, { globalKeys: true, exit: !tiles, tiles });
  let metric = metricFromUrl();
  if (tiles && metric === 'step') metric = 'move';
  let result: SolveResult | TilesResult | null = null;
  let cancelLocal: (() => void) | null = null;
  let freeLayout: Layout | null = null;
  // Play mode on the classic board: every move's worth from the tablebase, undo/redo, and the optimum to compare with.
  const tables = new ClassicTables();
  let evaluation: MoveEvaluation | null = null;
  const played: Layout[] = [];
  const undone: Layout[] = [];

  // The status is kept as a way to write it, so switching language rewrites it in the new language.
  let statusText: () => string = () => '';
  const setStatus = (text: string | (() => string), busy = false) => {
    statusText = typeof text === 'string' ? () => text : text;
    $('status').textContent = statusText();
    $('status').classList.toggle('busy', busy);
  };
  let solvingHere = false;
  // ?at=N (or its alias ?start=N) opens the solution at move N, once.
  let openAt = moveFromUrl();

  async function load(layout: Layout): Promise<void> {
    cancelLocal?.();
    const code = codeOf(layout);
    setStatus(() => t('solving'), true);
    showCount(null, metric);
    $('cancel').hidden = true;
    const remote = await solveRemote(location.origin, code, metric);
    if (remote.ok) {
      result = remote.result;
    } else if (remote.failure.kind === 'bad-input') {
      setStatus(remote.failure.message);
      return;
    } else {
      setStatus(() => t('fallback'), true);
      solvingHere = true;
      const local = solveInBrowser(
        code,
        metric,
        null,
        (p) => setStatus(() => `${t('fallback')} ${progressText(p.nodes, p.ms, p.depth)}`, true),
        undefined,
        (loaded, total) => setStatus(() => `${t('fallback')} ${downloadText(loaded, total)}`, true),
      );
      cancelLocal = local.cancel;
      $('cancel').hidden = false;
      result = await local.result.catch((e: Error) => {
        setStatus(e.message);
        return null;
      });
      $('cancel').hidden = true;
      cancelLocal = null;
      if (!result) {
        if (solvingHere) setStatus(() => t('cancelled'));
        solvingHere = false;
        return;
      }
      document.body.dataset.solvedBy = 'browser';
    }
    setStatus('');
    freeLayout = null;
    // The player moves one piece at a time: a straight tiles move (a run) plays as its one-tile slides.
    player.load(layout, tiles && metric === 'straight' ? unitMoves(result.moves) : result.moves);
    // No solution: the board stays, but nothing to play back or hint at; the way on is the editor.
    const stuck = !result.solvable;
    if (stuck) $('player').dataset.unsolvable = 'true';
    else delete $('player').dataset.unsolvable;
    $('play-actions').hidden = stuck;
    $('play-help').hidden = stuck;
    $('unsolvable-edit').hidden = !stuck;
    $<HTMLAnchorElement>('unsolvable-edit-link').href = `/?layout=${encodeURIComponent(code)}`;
    if (openAt > 0) player.jump(openAt);
    openAt = 0;
    showCount(result, metric);
    await analyse(layout);
    $('player').dataset.ready = 'true';
  }

  /** Distance to go in the current metric (classic layouts with their table at hand), shown while playing. */
  async function analyse(layout: Layout): Promise<void> {
    evaluation = !tiles && (await tables.ensure(layout, metric)) ? evaluateMoves(layout, metric, tables.source) : null;
    showDistance();
  }

  function showDistance(): void {
    const el = $('distance');
    // Its line is reserved in the served page for classic layouts (the Worker hides it for others): fill or empty it.
    if (!evaluation) {
      el.textContent = '';
      delete el.dataset.distance;
      return;
    }
    el.hidden = false;
    const d = evaluation.distance;
    el.dataset.distance = d === null ? '' : String(d);
    el.textContent = d === null ? t('noWay') : toGo(d, metric);
  }

  // The address follows the replay (?at=N), so a copied link opens at the move on screen.
  player.addEventListener('change', (e) => {
    if (freeLayout) return; // playing your own moves: the address names the position instead (follow)
    const at = (e as CustomEvent<number>).detail;
    const url = new URL(location.href);
    url.searchParams.delete('start');
    if (at > 0) url.searchParams.set('at', String(at));
    else url.searchParams.delete('at');
    if (url.href !== location.href) history.replaceState(null, '', url);
  });

  /** The page's address follows the position, so a copied link shares where the player is. */
  function follow(layout: Layout): void {
    const url = new URL(location.href);
    url.pathname = `/s/${codeOf(layout)}`;
    history.replaceState(null, '', url);
  }

  /** Puts a position on the board for the player (after a move, undo or redo). */
  async function show(layout: Layout): Promise<void> {
    freeLayout = layout;
    player.load(layout, []);
    showCount(null, metric);
    follow(layout);
    ($('undo') as HTMLButtonElement).disabled = played.length === 0;
    ($('redo') as HTMLButtonElement).disabled = undone.length === 0;
    await analyse(layout);
    const goal = layout.pieces.find((p) => p.letter === 'B');
    const solved = tiles ? codeOf(layout) === formatTiles(solvedTiles(layout.width, layout.height)) : goal && goal.row === layout.height - 2 && goal.col === Math.floor((layout.width - 2) / 2);
    if (!solved) {
      setStatus(() => t('playMode'));
      return;
    }
    const optimal = !tiles && (await tables.ensure(start, metric)) ? evaluateMoves(start, metric, tables.source)?.distance : undefined;
    const moves = played.length;
    setStatus(() => (tiles ? t('solvedTiles') : optimal === undefined || optimal === null ? t('solved') : solvedIn(moves, optimal, metric)));
  }

  for (const input of document.querySelectorAll<HTMLInputElement>('input[name=metric]')) {
    input.checked = input.value === metric;
    input.addEventListener('change', () => {
      metric = input.value as Metric;
      const url = new URL(location.href);
      if (metric === 'move') url.searchParams.delete('metric');
      else url.searchParams.set('metric', metric);
      history.replaceState(null, '', url);
      void load(freeLayout ?? start);
    });
  }

  $('cancel').addEventListener('click', () => cancelLocal?.());
  copyOnClick($('copy-link'), () => location.href, { done: 'copied', idle: 'copyLink' });
  const embedSnippets = () => {
    const autoplay = $<HTMLInputElement>('opt-autoplay').checked;
    const controls = $<HTMLInputElement>('opt-controls').checked;
    const theme = $<HTMLSelectElement>('opt-theme').value;
    const query = new URLSearchParams();
    if (metric !== 'move') query.set('metric', metric);
    if (autoplay) query.set('autoplay', '1');
    if (!controls) query.set('controls', '0');
    if (theme !== 'light') query.set('theme', theme);
    const qs = query.toString() ? `?${query}` : '';
    const page = `${location.origin}/s/${canonicalCode}${metric === 'move' ? '' : `?metric=${metric}`}`;
    const embedUrl = `${location.origin}/embed/${canonicalCode}${qs}`;
    const attrs = [`layout="${canonicalCode}"`, `metric="${metric}"`, autoplay ? 'autoplay' : '', controls ? 'controls' : '', `theme="${theme}"`].filter(Boolean).join(' ');
    $<HTMLTextAreaElement>('embed-widget').value = `<script type="module" src="${location.origin}/widget.js"></script>\n<huarong-solution ${attrs}><a href="${page}">华容道 solution</a></huarong-solution>`;
    $<HTMLTextAreaElement>('embed-iframe').value = `<iframe src="${embedUrl}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border:0;max-width:100%" title="Huarong solution" loading="lazy"></iframe>`;
    $<HTMLTextAreaElement>('embed-link').value = page;
    const preview = $<HTMLIFrameElement>('embed-preview');
    if (preview.src !== embedUrl) preview.src = embedUrl;
  };
  for (const id of ['opt-autoplay', 'opt-controls', 'opt-theme']) $(id).addEventListener('change', embedSnippets);
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const field = $<HTMLTextAreaElement>(button.dataset.copy!);
    copyOnClick(button, () => field.value, { done: 'copiedShort', idle: 'copy' }, field);
  }
  $('embed').addEventListener('click', () => {
    embedSnippets();
    $<HTMLDialogElement>('embed-dialog').showModal();
  });

  // Play mode: click a piece, then one of its highlighted targets.
  let selected: [number, number] | null = null;
  player.board.root.addEventListener('click', (e) => {
    const cell = player.board.cellAt(e);
    if (!cell) return;
    const layout = player.layout;
    const mark = (e.target as HTMLElement).closest<HTMLElement>('.cell-mark.target');
    if (mark && selected) {
      const to: [number, number] = [Number(mark.dataset.row), Number(mark.dataset.col)];
      const move = movesOn(layout).find((m) => m.from[0] === selected![0] && m.from[1] === selected![1] && m.to[0] === to[0] && m.to[1] === to[1]);
      player.board.clearHighlight('target');
      selected = null;
      if (!move) return;
      played.push(layout);
      undone.length = 0;
      void show(movePiece(layout, move.from, move.to));
      return;
    }
    const piece = layout.pieces.find((p) => cell[0] >= p.row && cell[0] < p.row + p.height && cell[1] >= p.col && cell[1] < p.col + p.width);
    if (!piece) return;
    player.pause();
    selected = [piece.row, piece.col];
    const targets = movesOn(layout).filter((m) => m.from[0] === piece.row && m.from[1] === piece.col);
    const here = evaluation?.distance ?? null;
    const worthOf = (m: { from: [number, number]; to: [number, number] }) =>
      evaluation?.moves.find((e) => e.from[0] === m.from[0] && e.from[1] === m.from[1] && e.to[0] === m.to[0] && e.to[1] === m.to[1]);
    player.board.highlight(targets.map((m) => m.to), 'target', (mark, i) => {
      const target = targets[i]!;
      mark.setAttribute('role', 'button');
      const worth = worthOf(target);
      if (!worth || worth.distance === null || here === null) {
        mark.setAttribute('aria-label', `→ (${target.to})`);
        return;
      }
      const kind = worth.distance < here ? 'closer' : worth.distance === here ? 'same' : 'farther';
      mark.dataset.distance = String(worth.distance);
      mark.dataset.worth = kind;
      mark.textContent = String(worth.distance);
      mark.setAttribute('aria-label', `→ (${target.to}): ${toGo(worth.distance, metric)}, ${t(kind)}`);
    });
    player.board.highlight([[piece.row, piece.col]], 'selected');
  });

  $('hint').addEventListener('click', async () => {
    const layout = player.layout;
    // Classic layouts: from the tablebase, instantly and offline.
    const here = evaluation?.distance;
    const best = here ? evaluation!.moves.find((m) => m.distance === here - 1) : undefined;
    if (best) {
      player.board.highlight([best.from], 'selected');
      player.board.highlight([best.to], 'hint');
      setStatus(() => `${t('hint')}: (${best.from}) → (${best.to}) · ${toGo(best.distance!, metric)}`);
      return;
    }
    // On the optimal line shown (any board): its next move, with no request.
    const next = player.nextMove;
    if (next && result) {
      const left = player.length - player.position;
      player.board.highlight([next.from], 'selected');
      player.board.highlight([next.to], 'hint');
      setStatus(() => `${t('hint')}: (${next.from}) → (${next.to}) · ${toGo(left, metric)}`);
      return;
    }
    const remote = await solveRemote(location.origin, codeOf(layout), metric);
    if (!remote.ok || !remote.result.moves[0]) {
      setStatus(remote.ok ? () => t('unsolvable') : remote.failure.message);
      return;
    }
    const first = remote.result.moves[0];
    player.board.highlight([first.from], 'selected');
    player.board.highlight([first.to], 'hint');
    setStatus(() => `${t('hint')}: (${first.from}) → (${first.to}) · ${toGo(remote.result.length!, metric)}`);
  });

  $('undo').addEventListener('click', () => {
    const previous = played.pop();
    if (!previous) return;
    undone.push(player.layout);
    void show(previous);
  });
  $('redo').addEventListener('click', () => {
    const next = undone.pop();
    if (!next) return;
    played.push(player.layout);
    void show(next);
  });

  $('solve-here').addEventListener('click', () => {
    const code = codeOf(player.layout);
    location.assign(`/s/${code}${metric === 'move' ? '' : `?metric=${metric}`}`);
  });

  document.addEventListener('langchange', (e) => {
    player.setLang((e as CustomEvent<Lang>).detail);
    showCount(result, metric);
    showDistance();
    $('status').textContent = statusText();
  });
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

/** "solved in N moves — optimal is M". */
function solvedIn(n: number, optimal: number, metric: Metric): string {
  if (currentLang() === 'zh') return `成功！用了 ${countText(n, metric, 'zh')}，最优解是 ${countText(optimal, metric, 'zh')}。`;
  return `Solved in ${countText(n, metric, 'en')} — optimal is ${optimal}.`;
}

/** Tiles code of a layout of 1×1 lettered pieces. */
function tilesCode(layout: Layout): string {
  const cells = new Uint8Array(layout.width * layout.height);
  for (const p of layout.pieces) cells[p.row * layout.width + p.col] = tileNumber(p.letter);
  return formatTiles({ width: layout.width, height: layout.height, cells });
}

void main();
