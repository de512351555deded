import { useEffect, useState } from 'react';

/**
 * Runs `run` once the page has loaded, has painted, and the browser has had a moment of its own;
 * answers a cancel. Until the load event the browser is still fetching the page's own files, and a
 * moment idle between two of them is no time to ask for more. What asks (a list's row menus, the
 * filters' calendar) has usually just been rendered with the page's content: the wait for the next
 * paint lets that content reach the screen before anything else takes the connection. Browsers
 * without requestIdleCallback (Safari) wait for a short timer instead.
 */
export function whenIdle(run: () => void): () => void {
  let cancel = () => {};
  const afterIdle = () => {
    const { requestIdleCallback, cancelIdleCallback } = globalThis;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: 2_000 });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const timer = globalThis.setTimeout(run, 200);
      cancel = () => globalThis.clearTimeout(timer);
    }
  };
  // A frame's callback runs before its paint; a timer set there runs after it.
  const afterPaint = () => {
    if (typeof globalThis.requestAnimationFrame !== 'function') return afterIdle();
    const frame = globalThis.requestAnimationFrame(() => {
      const timer = globalThis.setTimeout(afterIdle, 0);
      cancel = () => globalThis.clearTimeout(timer);
    });
    cancel = () => globalThis.cancelAnimationFrame(frame);
  };
  if (document.readyState === 'complete') {
    afterPaint();
  } else {
    window.addEventListener('load', afterPaint, { once: true });
    cancel = () => window.removeEventListener('load', afterPaint);
  }
  return () => cancel();
}

/**
 * Whether the browser has had a moment of its own since the component mounted: what can come after
 * the page's own data (the header's downloads badge, the list filters' calendar) waits for it, so
 * it does not take the connection and the main thread from that data on a phone.
 */
export function useWhenIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return isIdle;
}
