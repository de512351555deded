// Runs before the first paint (a blocking script from this origin, as the Content-Security-Policy
// allows; an inline one would be refused).
(() => {
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  // The colour scheme, so a dark page never flashes light: the admin's choice, else the system's.
  // Mantine's inline ColorSchemeScript would do this; the key and the rule are Mantine's
  // (src/app/theme.ts).
  let scheme = read('mantine-color-scheme-value');
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  // Whether this browser holds a session (the access token's key, SPEC §7): the sign-in page's
  // prerendered snapshot (scripts/prerender.mjs) stays hidden for a signed-in admin, whom the
  // panel sends on to their first page.
  if (read('token')) document.documentElement.setAttribute('data-signed-in', '');
})();
