import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has had a moment of its own; answers a cancel. Browsers without
 * requestIdleCallback (Safari) wait for a short timer instead.
 */
export function whenIdle(run: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = globalThis;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = globalThis.setTimeout(run, 200);
  return () => globalThis.clearTimeout(timer);
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
