/* global window, document, localStorage */
/*
 * The colour theme before the first paint (docs/product-rules.md "Appearance"): the member's choice kept in
 * localStorage `theme` (system, light or dark; src/client/lib/theme.ts writes it), else the system's
 * prefers-color-scheme. Sets <html data-theme="light|dark">, which src/client/styles/tokens.css reads, and
 * follows a change of the system's setting, of the choice in this tab (the `themechange` event) or another.
 * A file of its own, not inline: the Content-Security-Policy allows no inline script.
 */
(function () {
  var KEY = 'theme';
  var dark = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var choice = null;
    try {
      choice = localStorage.getItem(KEY);
    } catch (e) {
      /* storage blocked: follow the system */
    }
    var isDark = choice === 'dark' || (choice !== 'light' && dark.matches);
    document.documentElement.setAttribute('data-theme', isDark ? 'dark' : 'light');
  }
  apply();
  dark.addEventListener('change', apply);
  window.addEventListener('themechange', apply);
  window.addEventListener('storage', function (e) {
    if (e.key === KEY) apply();
  });
})();
