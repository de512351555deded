import { useEffect, useState } from 'react';
import { whenRequestsSettled } from './api-client';

/** How long what waits for idle waits for the page's requests under way, at most. */
const REQUESTS_WAIT_MS = 3_000;

/**
 * Runs `run` once the page has loaded, the panel's first render has committed
 * (`waitForFirstRender`), its data has arrived, it has painted, and the browser has had moments of
 * its own; answers a cancel. Until the load event the browser is still fetching the page's own
 * files, and a moment idle between two of them is no time to ask for more; the same goes for the
 * page's own requests (`whenRequestsSettled`). What asks (a list's row menus, the filters'
 * calendar) has usually just been rendered with the shell, before the page's data: the wait for
 * the data and the next paint lets the content reach the screen before anything else takes the
 * connection. Browsers without requestIdleCallback (Safari) wait for a short timer instead.
 *
 * Those who ask while a wait is under way and has not yet reached its first frame join it: every
 * step until then (the load, the first render, the requests, the next frame) would be theirs too.
 * A list's twenty row menus and its filters ask as its first render commits: one wait's timers,
 * frames and idle callbacks for all of them, not one each (each timer was a phone's few tenths of
 * a millisecond in that commit, with Lighthouse's trace on).
 */
export function whenIdle(run: () => void): () => void {
  const entry = () => run();
  const wait = joinable ?? startWait();
  wait.waiting.add(entry);
  return () => {
    wait.waiting.delete(entry);
    if (wait.waiting.size > 0) return;
    if (joinable === wait) joinable = undefined;
    wait.cancel();
  };
}

type Wait = { waiting: Set<() => void>; cancel: () => void };

/** The wait that one more can still join: until its first frame. */
let joinable: Wait | undefined;

function startWait(): Wait {
  const wait: Wait = { waiting: new Set(), cancel: () => {} };
  joinable = wait;
  const close = () => {
    if (joinable === wait) joinable = undefined;
  };
  const run = () => {
    for (const each of wait.waiting) each();
  };
  const setCancel = (cancel: () => void) => {
    wait.cancel = cancel;
  };
  // Two idle moments: the first often comes while the content just committed is still on its way
  // to the screen (seen on a user's profile, a few milliseconds before its largest paint).
  const afterIdle = () => {
    close();
    const { requestIdleCallback, cancelIdleCallback } = globalThis;
    if (typeof requestIdleCallback === 'function') {
      const idle = (then: () => void) => {
        const handle = requestIdleCallback(then, { timeout: 2_000 });
        setCancel(() => cancelIdleCallback(handle));
      };
      idle(() => idle(run));
    } else {
      const timer = globalThis.setTimeout(run, 200);
      setCancel(() => globalThis.clearTimeout(timer));
    }
  };
  // A frame's callback runs before its paint, the next frame's once that paint is on its way to
  // the screen; a timer set there runs after the next paint too.
  const afterPaint = () => {
    if (typeof globalThis.requestAnimationFrame !== 'function') return afterIdle();
    const nextFrame = (then: () => void) => {
      const frame = globalThis.requestAnimationFrame(then);
      setCancel(() => globalThis.cancelAnimationFrame(frame));
    };
    nextFrame(() => {
      close();
      nextFrame(() => {
        const timer = globalThis.setTimeout(afterIdle, 0);
        setCancel(() => globalThis.clearTimeout(timer));
      });
    });
  };
  // The page's requests, for REQUESTS_WAIT_MS at most: a slow one (a large export's start, an
  // upload) does not hold back the realtime connection or the popups' code for its whole length.
  const afterData = () => {
    let isSettled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      isSettled = true;
      globalThis.clearTimeout(timer);
      afterPaint();
    };
    const stopWaiting = whenRequestsSettled(settled);
    // Settled at once, afterPaint has set the cancel of its own wait, and no timer is needed.
    if (isSettled) return;
    timer = globalThis.setTimeout(() => {
      stopWaiting();
      settled();
    }, REQUESTS_WAIT_MS);
    setCancel(() => {
      globalThis.clearTimeout(timer);
      stopWaiting();
    });
  };
  // The panel's first render, until it has committed: it is drawn in slices, and the browser's
  // idle moments between them come before the page is on the screen.
  const afterFirstRender = () => {
    if (!firstRender) return afterData();
    let isCancelled = false;
    setCancel(() => {
      isCancelled = true;
    });
    void firstRender.then(() => {
      if (!isCancelled) afterData();
    });
  };
  if (document.readyState === 'complete') {
    afterFirstRender();
  } else {
    window.addEventListener('load', afterFirstRender, { once: true });
    setCancel(() => window.removeEventListener('load', afterFirstRender));
  }
  return wait;
}

/** The panel's first render until it has committed (app/start.tsx), then nothing. */
let firstRender: Promise<void> | undefined;

/**
 * What waits for idle waits for `committed` too, once the page has loaded: the panel's start
 * renders its first page in a transition, and a slow phone's browser is idle between its slices
 * before anything of it is on the screen.
 */
export function waitForFirstRender(committed: Promise<void>): void {
  const settled = committed.finally(() => {
    if (firstRender === settled) firstRender = undefined;
  });
  firstRender = settled;
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
