import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code runs (app/start.tsx). Its files are already downloading: the build lists
 * them as modulepreloads in index.html (vite.config.ts), so waiting for a frame costs no round
 * trip, while a slow phone shows the page before spending a second on scripts. A signed-in admin's
 * page shows nothing before the panel's code has run, and a hidden tab never paints: there it
 * starts at once.
 */
const start = () => void import('./app/start');
if (document.visibilityState === 'hidden' || document.documentElement.hasAttribute('data-signed-in')) start();
else requestAnimationFrame(() => setTimeout(start));
