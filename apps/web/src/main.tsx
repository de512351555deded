import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';
// The theme's CSS variables, made by the build (vite.config.ts, app/theme-css.ts).
import 'virtual:theme-variables.css';

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code is asked for and runs (app/start.tsx), once the browser has reported that
 * paint (public/first-paint.js, `roamAfterFirstPaint`): a slow phone shows the page before it
 * downloads and compiles a second of scripts. A signed-in admin's page shows nothing before the
 * panel's code has run: there it starts at once (public/first-paint.js has asked for the start's
 * files, the shell's and the page's together), as it does in a hidden tab, which never paints, and
 * on a page with nothing to paint first (no prerendered snapshot: the development server's).
 */
declare global {
  interface Window {
    /** Runs its callback once the page has painted (public/first-paint.js). */
    roamAfterFirstPaint?: (then: () => void) => void;
  }
}

const start = () => void import('./app/start');
const hasFirstPaint = document.querySelector('[data-prerender]') !== null;
if (
  document.documentElement.hasAttribute('data-signed-in') ||
  document.visibilityState === 'hidden' ||
  !hasFirstPaint
)
  start();
else if (window.roamAfterFirstPaint) window.roamAfterFirstPaint(start);
else requestAnimationFrame(() => setTimeout(start));
