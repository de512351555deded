import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';
// The theme's CSS variables, made by the build (vite.config.ts, app/theme-css.ts).
import 'virtual:theme-variables.css';

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code runs (app/start.tsx). Its files are already downloading: the build lists
 * them as modulepreloads in index.html (vite.config.ts), so waiting for a frame costs no round
 * trip, while a slow phone shows the page before spending a second on scripts. A signed-in admin's
 * page shows nothing before the panel's code has run: there it starts at once (public/first-paint.js
 * has asked for the start's files, the shell's and the page's together). A hidden tab never
 * paints: there too it starts at once.
 */
const start = () => void import('./app/start');
if (document.documentElement.hasAttribute('data-signed-in') || document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
