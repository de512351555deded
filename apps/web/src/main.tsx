import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code runs (app/start.tsx). Its files are already downloading: the build lists
 * them as modulepreloads in index.html (vite.config.ts), so waiting for a frame costs no round
 * trip, while a slow phone shows the page before spending a second on scripts. A hidden tab never
 * paints, so there it starts at once.
 */
const start = () => void import('./app/start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
