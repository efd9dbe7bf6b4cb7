/** 中文 / English: a tiny dictionary, `data-i18n` attributes, and the choice remembered in localStorage. */
import type { Metric, Progress, SearchPhase } from '../../solver/index.ts';

export type Lang = 'zh' | 'en';

const STRINGS = {
  tagline: { en: 'Optimal solutions for 华容道 — Klotski — sliding-block puzzles.', zh: '华容道最优解：看曹操如何脱身。' },
  intro: {
    en: 'Build a layout or pick a classic one, and watch the shortest solution play. Every answer is computed, proven optimal, and shareable as a link.',
    zh: '摆一个局面或选一个经典布局，观看最短解法的演示。每个答案都由程序算出并证明最优，可用链接分享。',
  },
  home: { en: 'Home', zh: '首页' },
  gallery: { en: 'Layouts', zh: '经典布局' },
  puzzles: { en: 'Puzzles', zh: '名题' },
  docs: { en: 'API & embed', zh: 'API 与嵌入' },
  docsShort: { en: 'API', zh: 'API' },
  solving: { en: 'Solving…', zh: '求解中…' },
  moves: { en: 'moves', zh: '步' },
  play: { en: 'Play', zh: '播放' },
  pause: { en: 'Pause', zh: '暂停' },
  back: { en: 'Step back', zh: '后退一步' },
  forward: { en: 'Step forward', zh: '前进一步' },
  start: { en: 'Jump to start', zh: '回到开始' },
  end: { en: 'Jump to end', zh: '跳到结尾' },
  speed: { en: 'Speed', zh: '速度' },
  metric: { en: 'Count', zh: '计步方式' },
  // One name per metric everywhere: these, and the units in countText below.
  'metric.move': { en: 'moves', zh: '步' },
  'metric.straight': { en: 'straight moves', zh: '直线步' },
  'metric.step': { en: 'steps', zh: '格步' },
  close: { en: 'Close', zh: '关闭' },
  copy: { en: 'Copy', zh: '复制' },
  copiedShort: { en: 'Copied', zh: '已复制' },
  ok: { en: 'OK', zh: '确定' },
  embedWidget: { en: 'Web component (one script, then the element anywhere)', zh: 'Web 组件（引入一个脚本，元素放在任意位置）' },
  embedIframe: { en: 'iframe (fits the size you give it)', zh: 'iframe（适应你给的大小）' },
  embedLink: { en: 'Link', zh: '链接' },
  optAutoplay: { en: 'autoplay', zh: '自动播放' },
  optControls: { en: 'controls', zh: '控制按钮' },
  optTheme: { en: 'theme', zh: '主题' },
  themeLight: { en: 'light', zh: '浅色' },
  themeDark: { en: 'dark', zh: '深色' },
  themeAuto: { en: 'auto (follows the system)', zh: '自动（跟随系统）' },
  preview: { en: 'Preview', zh: '预览' },
  piece: { en: 'Piece', zh: '棋子' },
  toolB: { en: 'Cao Cao · 2×2 block', zh: '曹操 · 2×2 大块' },
  toolV: { en: 'General · 1×2 tall', zh: '竖将 · 1×2' },
  toolH: { en: 'General · 2×1 wide', zh: '横将 · 2×1' },
  toolS: { en: 'Soldier · 1×1', zh: '兵 · 1×1' },
  code: { en: 'Code', zh: '代码' },
  tiles: { en: '数字华容道 (sliding tiles)', zh: '数字华容道' },
  shuffleTiles: { en: 'Shuffle tiles', zh: '打乱数字' },
  orderTiles: { en: 'Solved tiles', zh: '排好的数字' },
  editorHelp: {
    en: 'Click a cell to place the chosen piece (on a piece, it takes that piece\'s place; Erase removes one), drag a piece to move it. Any shape: click or drag over empty cells to paint the piece of its letter, over its cells to take them off. Hole: click or drag to cut cells out of the board, again to put them back. Goal: pick a piece, then its place; several pieces may have one. Keyboard: arrows (Home, End) move the cursor, Enter places or paints, Delete removes, B V H S P E O G choose the tool, N starts a new piece, Ctrl+Z undoes, Ctrl+Y redoes.',
    zh: '点格子放下所选棋子（点在棋子上则替换它；“擦除”可移除棋子），拖动棋子可移动。任意形状：点击或拖过空格，涂成该字母的棋子；点它自己的格子则去掉。挖空：点击或拖动把格子挖出棋盘，再点一次恢复。目标：先选棋子，再选它的目标位置；可以给多个棋子设目标。键盘：方向键（Home、End）移动光标，Enter 放置或涂格，Delete 移除，B V H S P E O G 选择工具，N 开始一个新棋子，Ctrl+Z 撤销，Ctrl+Y 重做。',
  },
  toolShape: { en: 'Any shape · paint its cells', zh: '任意形状 · 逐格涂' },
  shapeLetter: { en: 'Letter of the piece to paint', zh: '要涂的棋子的字母' },
  newPiece: { en: 'New piece', zh: '新棋子' },
  boardTools: { en: 'Board and goal', zh: '棋盘与目标' },
  toolHole: { en: 'Hole · cut cells out of the board', zh: '挖空 · 把格子挖出棋盘' },
  toolGoal: { en: 'Goal · place pieces\' targets', zh: '目标 · 摆放棋子的目标位置' },
  paintingPiece: {
    en: 'Painting piece {letter}: click or drag over empty cells to add them, over its own cells to take them off.',
    zh: '正在涂棋子 {letter}：点击或拖过空格把它们加进来，点它自己的格子则去掉。',
  },
  painted: { en: 'Painted', zh: '已涂上' },
  unpainted: { en: 'Taken off the piece', zh: '已从棋子上去掉' },
  cut: { en: 'Cut out of the board', zh: '已挖空' },
  restored: { en: 'Put back on the board', zh: '已恢复为棋盘格' },
  cells: { en: 'cells', zh: '格' },
  cellTaken: { en: 'That cell belongs to another piece: erase it first, or paint on empty cells.', zh: '这一格属于别的棋子：先擦除它，或在空格上涂。' },
  paintOffBoard: { en: 'That cell is cut out of the board: put it back with the Hole tool first.', zh: '这一格已被挖空：先用“挖空”工具把它恢复。' },
  holeOnPiece: { en: 'A piece stands there: erase it before cutting the cell out.', zh: '这里有棋子：先擦除它再挖空。' },
  letterNeeded: { en: 'Type a letter (A–Z) for the piece to paint.', zh: '请输入要涂的棋子的字母（A–Z）。' },
  letterFixed: { en: 'B, V, H and S are the rectangles: give a piece of any shape another letter.', zh: 'B、V、H、S 是固定的矩形棋子：任意形状的棋子请用别的字母。' },
  noFreeLetter: { en: 'Every letter is taken: erase a piece first.', zh: '字母都用完了：请先擦除一个棋子。' },
  goalSetMany: { en: 'Goal set for {count} pieces: the dashed outlines show where they must go.', zh: '已为 {count} 个棋子设定目标：虚线框是它们要到达的位置。' },
  mostCells: { en: 'A board has at most 128 cells: this one is {width} wide × {height} tall.', zh: '棋盘最多 128 格：现在是 {width} 宽 × {height} 高。' },
  goalListTitle: { en: 'Goal places', zh: '目标位置' },
  removeGoal: { en: 'Remove the goal of', zh: '删除目标：' },
  noBlock: { en: 'No B (2×2 block): set a goal (which piece must reach which place) with Goal.', zh: '没有 B（2×2 大块）：请用“目标”设定哪个棋子要到达哪里。' },
  noGoal: {
    en: 'This board has no 2×2 block (曹操) to bring out: choose which piece must reach which place.',
    zh: '这个棋盘没有要放出去的曹操（2×2 大块）：请选定哪个棋子要到达哪里。',
  },
  badGoal: { en: 'The goal in this link does not fit the board: choose another.', zh: '链接里的目标与棋盘不符：请重新选定。' },
  setGoal: { en: 'Goal', zh: '目标' },
  goalInEditor: { en: 'Or set the goal in the editor', zh: '或在编辑器中设定目标' },
  goalPickPiece: { en: 'Goal: pick the piece that must reach a place (Escape stops).', zh: '目标：点选要到达目标位置的棋子（Esc 取消）。' },
  goalPickTarget: { en: 'Goal: now pick where its top-left corner must go (Escape: another piece).', zh: '目标：再点选它左上角要到达的格子（Esc 换一个棋子）。' },
  goalPickTargetShape: {
    en: 'Goal: now pick where its first cell (the leftmost of its top row) must go; the dashed outline shows the place (Escape: another piece).',
    zh: '目标：再点选它第一格（最上一行最左边的格）要到达的格子，虚线框显示目标位置（Esc 换一个棋子）。',
  },
  goalPiece: { en: 'goal piece', zh: '目标棋子' },
  goalTarget: { en: 'goal place', zh: '目标位置' },
  goalSet: { en: 'Goal set: the dashed outline shows where the piece must go.', zh: '目标已设定：虚线框是棋子要到达的位置。' },
  manyBlocks: { en: 'More than one B block: keep exactly one.', zh: '有多个 B 大块：只能保留一个。' },
  tilesUnsolvable: { en: 'Valid, but unsolvable: the tiles\' parity cannot reach the goal.', zh: '布局有效，但无解：数字的奇偶性到达不了目标。' },
  doesNotFit: { en: 'That piece does not fit there.', zh: '这个棋子放不下。' },
  placed: { en: 'Placed', zh: '已放置' },
  removed: { en: 'Removed', zh: '已移除' },
  replaced: { en: 'Replaced', zh: '已替换' },
  cursorAt: { en: 'Cursor at', zh: '光标位于' },
  empty: { en: 'empty', zh: '空' },
  moveList: { en: 'Moves', zh: '走法' },
  yourMove: { en: 'your move', zh: '你的走法' },
  bestLine: { en: 'best line from there', zh: '此后的最优走法' },
  player: { en: 'Solution player', zh: '解法播放器' },
  positionInSolution: { en: 'Position in the solution', zh: '解法进度' },
  escaped: { en: 'Cao Cao escaped', zh: '曹操脱身了' },
  goalReached: { en: 'Every piece in place', zh: '棋子都到位了' },
  tilesInOrder: { en: 'Tiles in order', zh: '数字已排好' },
  solvedTiles: { en: 'Solved! The tiles are in order.', zh: '成功！数字已排好。' },
  openSite: { en: 'Open on Huarong', zh: '在华容道网站打开' },
  embedNoCode: { en: 'Nothing to show: put a layout code after /embed/, for example', zh: '这里没有可显示的内容：请在 /embed/ 后面加上布局代码，例如' },
  embedOptions: { en: 'Options (metric, autoplay, controls, theme, lang) and the iframe snippet:', zh: '参数（metric、autoplay、controls、theme、lang）和 iframe 代码：' },
  embedDocs: { en: 'how to embed', zh: '嵌入说明' },
  solvingInBrowser: { en: 'The server would not solve this one; solving in your browser…', zh: '服务器没有求解这一局，正在你的浏览器中求解…' },
  invalidLayout: { en: 'Invalid layout', zh: '布局无效' },
  invalidGoal: { en: 'Invalid goal', zh: '目标无效' },
  cancelledNoSolution: { en: 'Cancelled; no solution shown.', zh: '已取消，没有显示解法。' },
  browserSolveFailed: { en: 'This browser could not solve it', zh: '此浏览器无法求解' },
  copyLink: { en: 'Copy link', zh: '复制链接' },
  copied: { en: 'Link copied', zh: '已复制' },
  embed: { en: 'Embed this', zh: '嵌入' },
  editInEditor: { en: 'Fix it in the editor', zh: '在编辑器中修改' },
  badLink: { en: 'This link does not describe a valid layout:', zh: '这个链接不是有效的布局：' },
  fallback: { en: 'Solving in your browser:', zh: '正在你的浏览器中求解：' },
  fallbackTiles: {
    en: 'Solving in your browser (an optimal 15-puzzle answer can take billions of positions, more than the server gives one request):',
    zh: '正在你的浏览器中求解（15 数字华容道的最优解可能要搜索数十亿个局面，超出服务器单次请求的限度）：',
  },
  'phase.bfs': { en: 'breadth-first search', zh: '广度优先搜索' },
  'phase.astar': { en: 'best-first search', zh: '最佳优先搜索' },
  'phase.ida': { en: 'depth-first search (iterative deepening)', zh: '深度优先搜索（迭代加深）' },
  'phase.weighted': { en: 'fast search (not always the shortest)', zh: '快速搜索（不保证最短）' },
  phaseChanged: { en: 'memory full, went on with', zh: '内存已满，改用' },
  atLeast: { en: 'at least', zh: '至少' },
  fallbackWithJob: { en: 'The server keeps searching; your browser is solving it too:', zh: '服务器在继续求解，你的浏览器也在求解：' },
  serverAnswered: { en: 'The server found the answer first; from now on everyone gets it at once.', zh: '服务器先找到了答案；以后每个人都能立即得到它。' },
  serverCaughtUp: { en: 'The server has finished too: the next visitor gets this answer at once.', zh: '服务器也已求解完成：下一位访客会立即得到这个答案。' },
  cancel: { en: 'Cancel', zh: '取消' },
  cancelled: { en: 'Cancelled.', zh: '已取消。' },
  hint: { en: 'Hint', zh: '提示' },
  solveHere: { en: 'Solve from here', zh: '从这里求解' },
  cannotMove: { en: 'This piece cannot move.', zh: '这个棋子不能移动。' },
  cannotMoveThatWay: { en: 'This piece cannot move that way.', zh: '这个棋子不能往这个方向移动。' },
  downloadGif: { en: 'Download GIF', zh: '下载 GIF 动画' },
  makingGif: { en: 'Making the GIF:', zh: '正在生成 GIF：' },
  gifReady: { en: 'GIF downloaded', zh: 'GIF 已下载' },
  backToSolution: { en: 'Back to the solution', zh: '回到最优解' },
  replayLine: { en: 'Link to replay your line', zh: '重放你的走法的链接' },
  onBestLine: { en: 'This position is on the best line already: press ▶ to play it.', zh: '这个局面已在最优解上：按 ▶ 播放。' },
  playMode: { en: 'Your turn: click a piece, then where it should go.', zh: '轮到你：点一个棋子，再点它要去的位置。' },
  solved: { en: 'Solved! Cao Cao escaped.', zh: '成功！曹操脱身了。' },
  solvedGoal: { en: 'Solved! Every piece is in place.', zh: '成功！棋子都到位了。' },
  undo: { en: 'Undo', zh: '撤销' },
  redo: { en: 'Redo', zh: '重做' },
  closer: { en: 'closer', zh: '更近' },
  same: { en: 'no closer', zh: '不变' },
  farther: { en: 'farther', zh: '更远' },
  noWay: { en: 'The goal cannot be reached from here.', zh: '从这里无法到达目标。' },
  editor: { en: 'Editor', zh: '编辑器' },
  preset: { en: 'Preset', zh: '预设布局' },
  width: { en: 'Width', zh: '宽' },
  height: { en: 'Height', zh: '高' },
  erase: { en: 'Erase', zh: '擦除' },
  clear: { en: 'Clear', zh: '清空' },
  solve: { en: 'Solve', zh: '求解' },
  valid: { en: 'Valid layout.', zh: '布局有效。' },
  minMoves: { en: 'Minimum moves', zh: '最少步数' },
  open: { en: 'Open solution', zh: '查看解法' },
  distanceChart: { en: 'Moves to go at each position of the line (choose one to go there)', zh: '这条走法每个局面还需的步数（选一个局面跳过去）' },
  chartToGo: { en: '{count} to go', zh: '最少还需 {count}' },
  copyMoves: { en: 'Copy moves', zh: '复制走法' },
  copiedMoves: { en: 'Moves copied', zh: '走法已复制' },
  pasteMoves: { en: 'Paste moves to play them as your line', zh: '粘贴走法，作为你的走法播放' },
  loadMoves: { en: 'Load', zh: '载入' },
  pasteEmpty: { en: 'No moves to load: paste moves such as “1. 0gR 2. 0dD”.', zh: '没有可载入的走法：请粘贴形如“1. 0gR 2. 0dD”的走法。' },
  pasteMalformed: { en: 'Move {n} is not written as a move: “{move}”. Nothing was loaded.', zh: '第 {n} 步的写法不对：“{move}”。没有载入任何走法。' },
  pasteIllegal: { en: 'Move {n} ({move}) cannot be played from the position before it. Nothing was loaded.', zh: '第 {n} 步（{move}）在它之前的局面下走不通。没有载入任何走法。' },
} satisfies Record<string, Record<Lang, string>>;

export type Key = keyof typeof STRINGS;

/** "81 moves" / "81 步", in the metric's one name. */
export function countText(n: number, metric: Metric, lang: Lang = currentLang()): string {
  if (lang === 'zh') return `${n} ${t(`metric.${metric}`, 'zh')}`;
  const unit = t(`metric.${metric}`, 'en');
  return `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
}

/**
 * The in-browser search's progress in plain words: which search runs (and that it changed, when it did), positions
 * searched (never fewer than before), time, and the proven lower bound ("at least 21 moves"), which only rises.
 */
export function progressText(p: Progress, metric: Metric, lang: Lang = currentLang(), firstPhase: SearchPhase = p.phase): string {
  const seconds = (p.ms / 1000).toFixed(1);
  const search = t(`phase.${p.phase}`, lang);
  const strategy = p.phase === firstPhase ? search : `${t('phaseChanged', lang)} ${search}`;
  const bound = p.lowerBound ? ` · ${t('atLeast', lang)} ${countText(p.lowerBound, metric, lang)}` : '';
  if (lang === 'zh') return `${strategy} · 已搜索 ${p.nodes.toLocaleString('en')} 个局面 · ${seconds} 秒${bound}`;
  return `${strategy} · ${p.nodes.toLocaleString('en')} positions searched · ${seconds} s${bound}`;
}

/** "Downloading the solver's tables: 0.4 of 1.2 MB (33%)". */
export function downloadText(loaded: number, total: number, lang: Lang = currentLang()): string {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
  if (lang === 'zh') return `正在下载求解用的数据表：${mb(loaded)} / ${mb(total)} MB（${percent}%）`;
  return `Downloading the solver's tables: ${mb(loaded)} of ${mb(total)} MB (${percent}%)`;
}

/** The language an embed speaks: its own setting (`lang` attribute or parameter), else the page's, else the browser's. */
export function embedLang(requested: string | null | undefined, pageLang?: string): Lang {
  for (const value of [requested, pageLang, typeof navigator !== 'undefined' ? navigator.language : '']) {
    const v = (value ?? '').toLowerCase();
    if (v.startsWith('zh')) return 'zh';
    if (v.startsWith('en')) return 'en';
  }
  return 'en';
}

export function currentLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem('lang') : null;
  if (saved === 'zh' || saved === 'en') return saved;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function t(key: Key, lang: Lang = currentLang()): string {
  return STRINGS[key][lang];
}

/**
 * Fills the text, aria-label and title of `root` and every element in it that names a key for them, or carries its
 * words in both languages (`data-text-en`/`-zh`, `data-label-en`/`-zh`: words made at build time, such as a preset's
 * name, that have no key here and may sit where a hidden [data-lang] span cannot, as in an <option>).
 */
export function translateWithin(root: Element, lang: Lang): void {
  const selector = '[data-i18n], [data-i18n-label], [data-i18n-title], [data-text-en], [data-label-en]';
  const suffix = lang === 'zh' ? 'Zh' : 'En';
  for (const el of [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)] as HTMLElement[]) {
    if (el.dataset.i18n) el.textContent = t(el.dataset.i18n as Key, lang);
    if (el.dataset.i18nLabel) el.setAttribute('aria-label', t(el.dataset.i18nLabel as Key, lang));
    if (el.dataset.i18nTitle) el.title = t(el.dataset.i18nTitle as Key, lang);
    const text = el.dataset[`text${suffix}`];
    if (text !== undefined) el.textContent = text;
    const label = el.dataset[`label${suffix}`];
    if (label !== undefined) el.setAttribute('aria-label', label);
  }
}

/** The page's <title> and description in `lang`, where the page gives both (`data-en`, `data-zh`). */
export function localizeHead(lang: Lang): void {
  const title = document.querySelector<HTMLTitleElement>('title[data-en]');
  if (title) document.title = title.dataset[lang] ?? document.title;
  const description = document.querySelector<HTMLMetaElement>('meta[name="description"][data-en]');
  if (description) description.content = description.dataset[lang] ?? description.content;
}

/** Fills every `[data-i18n]` element, `[data-i18n-label]` aria-label, the title and the page language. */
export function applyLang(lang: Lang = currentLang()): void {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  localizeHead(lang);
  translateWithin(document.documentElement, lang);
  // Bilingual blocks ([data-lang]) are shown and hidden by CSS from this attribute (/lang.js sets it first).
  document.documentElement.dataset.uiLang = lang;
  for (const button of document.querySelectorAll<HTMLElement>('[data-set-lang]')) button.setAttribute('aria-pressed', String(button.dataset.setLang === lang));
  document.dispatchEvent(new CustomEvent('langchange', { detail: lang }));
}

export function setupLangSwitch(): void {
  applyLang();
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-set-lang]')) {
    button.addEventListener('click', () => {
      localStorage.setItem('lang', button.dataset.setLang!);
      applyLang(button.dataset.setLang as Lang);
    });
  }
}
