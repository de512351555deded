import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';
// The theme's CSS variables, made by the build (vite.config.ts, app/theme-css.ts).
import 'virtual:theme-variables.css';

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code runs (app/start.tsx), once the page's first script says the paint is on
 * the screen (public/first-paint.js, `roamAfterFirstPaint`). Its files are already downloading: the build lists
 * them as modulepreloads in index.html (vite.config.ts), so waiting for a frame costs no round
 * trip, while a slow phone shows the page before spending a second on scripts. A signed-in admin's
 * page shows nothing before the panel's code has run: there it starts at once (public/first-paint.js
 * has asked for the start's files, the shell's and the page's together). A hidden tab never
 * paints: there too it starts at once.
 */
declare global {
  interface Window {
    /** Runs its callback once the page has painted (public/first-paint.js). */
    roamAfterFirstPaint?: (then: () => void) => void;
  }
}

const start = () => void import('./app/start');
if (document.documentElement.hasAttribute('data-signed-in') || document.visibilityState === 'hidden') start();
else if (window.roamAfterFirstPaint) window.roamAfterFirstPaint(start);
else requestAnimationFrame(() => setTimeout(start));
