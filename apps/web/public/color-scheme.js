// Sets the colour scheme before the first paint, so a dark page never flashes light. Mantine's
// inline ColorSchemeScript would do this, but the Content-Security-Policy runs scripts from this
// origin only. The key and the rule are Mantine's (src/app/theme.ts): the admin's choice, else the system's.
(() => {
  let scheme = null;
  try {
    scheme = window.localStorage.getItem('mantine-color-scheme-value');
  } catch {}
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
