// Runs in <head>, before the page is drawn: puts the visitor's language on <html> (the same choice as
// site/scripts/i18n.ts: the saved one, else the browser's), so each bilingual block shows the right half from the
// first paint instead of switching (and moving the page) when the page script runs.
(function () {
  var lang = null;
  try {
    lang = localStorage.getItem('lang');
  } catch (e) {
    // storage blocked: fall back to the browser's language
  }
  if (lang !== 'zh' && lang !== 'en') lang = (navigator.language || '').toLowerCase().indexOf('zh') === 0 ? 'zh' : 'en';
  document.documentElement.setAttribute('data-ui-lang', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
})();
