import { useEffect, useState } from 'react';

/**
 * Whether the browser has had a moment of its own since the component mounted: what can come after
 * the page's own data (the header's downloads badge, the list filters' calendar) waits for it, so
 * it does not take the connection and the main thread from that data on a phone. Browsers without
 * requestIdleCallback (Safari) wait for a short timer instead.
 */
export function useWhenIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof globalThis.requestIdleCallback === 'function') {
      const handle = globalThis.requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
      return () => globalThis.cancelIdleCallback(handle);
    }
    const timer = globalThis.setTimeout(() => setIdle(true), 200);
    return () => globalThis.clearTimeout(timer);
  }, []);
  return isIdle;
}
