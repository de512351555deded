// Runs before the first paint: the build inlines it in the page (vite.config.ts), and the server
// allows it by its hash in the page's Content-Security-Policy (apps/api/src/plugins/panel.ts).
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
  const token = read('token');
  const isSignedIn = token !== null;
  if (isSignedIn) document.documentElement.setAttribute('data-signed-in', '');
  // The signed-in admin (GET /admin/me), which every signed-in page waits for before it asks for
  // its own data: asked for now rather than once the panel's code has run. The panel's API client
  // takes an answer asked for here for its first ask of the address, if the token is still this one
  // (src/lib/early-responses.ts).
  const askEarly = (address) => {
    const response = fetch(address, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    response.catch(() => {}); // a failure is the panel's to see when it takes the answer
    window.roamEarlyResponses[address] = { token, response };
  };
  if (isSignedIn) {
    window.roamEarlyResponses = {};
    askEarly('/admin/me');
  }
  // A page opened as is (no search) whose data and code the build names in a template
  // (vite.config.ts, src/app/routes/early-requests.ts): an area's list, a detail page, a user's
  // profile. An item's id takes the place of __id__ in its path and its request.
  const ID_SLOT = '__id__';
  let page;
  let pageRequest;
  if (isSignedIn && !location.search) {
    const path = location.pathname;
    for (const template of document.querySelectorAll('template[data-page]')) {
      const [before, after] = template.dataset.page.split(ID_SLOT);
      if (after === undefined ? path !== before : !path.startsWith(before) || !path.endsWith(after)) {
        continue;
      }
      const id = after === undefined ? '' : path.slice(before.length, path.length - after.length);
      if (after !== undefined && !/^[\w-]+$/.test(id)) continue;
      page = template;
      pageRequest = template.dataset.request.replace(ID_SLOT, id);
      break;
    }
  }
  // The files the panel needs first, which the build lists just before this script, asked for
  // without waiting for the entry's own file (vite.config.ts). A signed-in admin sees nothing of
  // the panel before its code has run: there the start's, the signed-in shell's and, on a page the
  // build names, the page's files and first data, all at once. Asked for only once the start's had
  // arrived, the shell's began a round trip late and came in after the start had run, on a slow
  // phone's network (Lighthouse's, throttled for real) the list page's largest paint 0.6 s later.
  // A visitor's sign-in page paints first, as the entry imports the start then (src/main.tsx); a
  // hidden tab never paints: there the entry asks for them at once.
  const ask = (files) => {
    if (files) document.head.append(files.content);
  };
  // Runs `then` once the page has painted: once the browser has reported its first contentful
  // paint, not merely after a frame. A frame's callbacks run before its paint reaches the screen,
  // and on a busy machine the start's files could then arrive before it: in Lighthouse's runs the
  // sign-in page's first paint came after them one time in two, its largest paint then simulated
  // at 2.0 s instead of 1.1 s. Where paints are not reported, after a frame;
  // and at the latest after a second, should the report never come.
  window.roamAfterFirstPaint = (then) => {
    let isDone = false;
    const once = () => {
      if (isDone) return;
      isDone = true;
      setTimeout(then);
    };
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(once);
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      once();
    }, 1000);
  };
  if (isSignedIn) {
    ask(document.getElementById('start-files'));
    ask(document.getElementById('shell-files'));
    if (page) {
      askEarly(pageRequest);
      ask(page);
      // A page whose files format amounts (a cafe's prices, a job's salary: the build says so) loads
      // the number formats' locale data with its first amount, a phone's 50 ms of script before its
      // largest paint. Loaded now instead, while the files above download and nothing else wants
      // the main thread.
      if (page.hasAttribute('data-amounts')) setTimeout(() => new Intl.NumberFormat('en-US').format(0));
    }
  } else {
    window.roamAfterFirstPaint(() => ask(document.getElementById('start-files')));
  }
})();
