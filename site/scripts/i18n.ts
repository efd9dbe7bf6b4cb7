/** 中文 / English: a tiny dictionary, `data-i18n` attributes, and the choice remembered in localStorage. */
export type Lang = 'zh' | 'en';

const STRINGS = {
  tagline: { en: 'Optimal solutions for 华容道 — Klotski — sliding-block puzzles.', zh: '华容道最优解：看曹操如何脱身。' },
  intro: {
    en: 'Build a layout or pick a classic one, and watch the shortest solution play. Every answer is computed, proven optimal, and shareable as a link.',
    zh: '摆一个局面或选一个经典布局，观看最短解法的演示。每个答案都由程序算出并证明最优，可用链接分享。',
  },
  home: { en: 'Home', zh: '首页' },
  gallery: { en: 'Layouts', zh: '经典布局' },
  docs: { en: 'API & embed', zh: 'API 与嵌入' },
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
  'metric.move': { en: 'moves', zh: '移动' },
  'metric.straight': { en: 'straight', zh: '直线' },
  'metric.step': { en: 'cells', zh: '格' },
  copyLink: { en: 'Copy link', zh: '复制链接' },
  copied: { en: 'Link copied', zh: '已复制' },
  embed: { en: 'Embed this', zh: '嵌入' },
  editInEditor: { en: 'Fix it in the editor', zh: '在编辑器中修改' },
  badLink: { en: 'This link does not describe a valid layout:', zh: '这个链接不是有效的布局：' },
  unsolvable: { en: 'No solution exists: every reachable position was explored.', zh: '无解：所有可达局面都已搜索过。' },
  fallback: { en: 'This one needs more search than the server spends per request, so your browser is solving it:', zh: '这一局需要的搜索超出服务器单次请求的限度，正在你的浏览器中求解：' },
  cancel: { en: 'Cancel', zh: '取消' },
  cancelled: { en: 'Cancelled.', zh: '已取消。' },
  hint: { en: 'Hint', zh: '提示' },
  solveHere: { en: 'Solve from here', zh: '从这里求解' },
  playMode: { en: 'Your turn: click a piece, then where it should go.', zh: '轮到你：点一个棋子，再点它要去的位置。' },
  solved: { en: 'Solved! 曹操 escaped.', zh: '成功！曹操脱身了。' },
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
  noSolution: { en: 'no solution', zh: '无解' },
} satisfies Record<string, Record<Lang, string>>;

export type Key = keyof typeof STRINGS;

export function currentLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem('lang') : null;
  if (saved === 'zh' || saved === 'en') return saved;
  return typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function t(key: Key, lang: Lang = currentLang()): string {
  return STRINGS[key][lang];
}

/** Fills every `[data-i18n]` element, `[data-i18n-label]` aria-label and the page language. */
export function applyLang(lang: Lang = currentLang()): void {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n as Key, lang);
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel as Key, lang));
  for (const el of document.querySelectorAll<HTMLElement>('[data-lang]')) el.hidden = el.dataset.lang !== lang;
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
