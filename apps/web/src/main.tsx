import './app/first-screen.css';
import '@mantine/notifications/styles.layer.css';

declare global {
  interface Window {
    /** Set by public/first-paint.js on a signed-in admin's page: the shell's files are asked for. */
    roamShellAsked?: Promise<void>;
  }
}

/**
 * The entry: the page paints first (the sign-in page's prerendered snapshot, the first styles),
 * then the panel's code runs (app/start.tsx). Its files are already downloading: the build lists
 * them as modulepreloads in index.html (vite.config.ts), so waiting for a frame costs no round
 * trip, while a slow phone shows the page before spending a second on scripts. A signed-in admin's
 * page shows nothing before the panel's code has run: there it starts once its files have arrived
 * and the page has asked for the shell's, which then download while it runs (the start cannot run
 * sooner: its files are its own wait). A hidden tab never paints: there it starts at once.
 */
const start = () => void import('./app/start');
if (window.roamShellAsked) void window.roamShellAsked.then(start);
else if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
