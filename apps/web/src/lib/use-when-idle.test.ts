import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';
import { useWhenIdle, waitForFirstRender, whenIdle } from './use-when-idle';

/** The browser's frames, idle moments and timers, each run when the test says. */
let frames: Map<number, () => void>;
let idle: Map<number, () => void>;
const cancelIdle = vi.fn();
const cancelFrame = vi.fn();

/**
 * A browser's queue of callbacks (frames, idle moments) as its request and cancel functions: each
 * callback is kept under its handle until the test runs it; a cancel removes it and is counted.
 */
function stubCallbackQueue(request: string, cancel: string, cancelled: () => void) {
  const queue = new Map<number, () => void>();
  let lastHandle = 0;
  vi.stubGlobal(request, (run: () => void) => {
    lastHandle += 1;
    queue.set(lastHandle, run);
    return lastHandle;
  });
  vi.stubGlobal(cancel, (handle: number) => {
    queue.delete(handle);
    cancelled();
  });
  return queue;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = stubCallbackQueue('requestAnimationFrame', 'cancelAnimationFrame', cancelFrame);
  idle = stubCallbackQueue('requestIdleCallback', 'cancelIdleCallback', cancelIdle);
});
afterEach(() => {
  // A wait a test leaves at its first frame would be joined by the next test's.
  for (const run of frames.values()) run();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  cancelIdle.mockReset();
  cancelFrame.mockReset();
});

/** The next frame: its callbacks, then (after its paint) the timers they set. */
function paintFrame() {
  const due = [...frames.values()];
  frames.clear();
  for (const run of due) run();
  vi.advanceTimersByTime(0);
}

/** The frame the content is painted in, and the next one. */
function paintTwoFrames() {
  paintFrame();
  paintFrame();
}

/** The browser's next idle moment: the callbacks waiting for it. */
function idleMoment() {
  const due = [...idle.values()];
  idle.clear();
  for (const run of due) run();
}

describe('whenIdle', () => {
  it('waits for the next paint and the frame after it, then for two idle moments', () => {
    const run = vi.fn();
    whenIdle(run);
    expect(frames.size).toBe(1);
    paintFrame();
    // The second frame's callback runs before its paint: the idle wait starts only after it.
    expect(frames.size).toBe(1);
    expect(idle.size).toBe(0);
    const [frame] = frames.values();
    frames.clear();
    frame?.();
    expect(idle.size).toBe(0);
    vi.advanceTimersByTime(0);
    expect(idle.size).toBe(1);
    idleMoment();
    expect(run).not.toHaveBeenCalled();
    expect(idle.size).toBe(1);
    idleMoment();
    expect(run).toHaveBeenCalledOnce();
  });

  it('cancels at each step: before the frames, before the paint, before either idle moment', () => {
    const run = vi.fn();
    whenIdle(run)();
    expect(cancelFrame).toHaveBeenCalledOnce();

    const cancelAfterFrame = whenIdle(run);
    const [frame] = frames.values();
    frames.clear();
    frame?.();
    cancelAfterFrame();
    expect(cancelFrame).toHaveBeenCalledTimes(2);
    paintFrame();
    expect(idle.size).toBe(0);

    const cancelWhileIdle = whenIdle(run);
    paintTwoFrames();
    expect(idle.size).toBe(1);
    cancelWhileIdle();
    expect(cancelIdle).toHaveBeenCalledOnce();

    const cancelAfterIdle = whenIdle(run);
    paintTwoFrames();
    idleMoment();
    expect(idle.size).toBe(1);
    cancelAfterIdle();
    expect(cancelIdle).toHaveBeenCalledTimes(2);
    expect(run).not.toHaveBeenCalled();
  });

  it('waits for the page to have loaded before it waits for a paint', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      const run = vi.fn();
      whenIdle(run);
      const cancelled = vi.fn();
      whenIdle(cancelled)();
      expect(frames.size).toBe(0);

      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      expect(frames.size).toBe(1);
      paintTwoFrames();
      idleMoment();
      idleMoment();
      expect(run).toHaveBeenCalledOnce();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      readyState.mockRestore();
    }
  });

  it("waits for the panel's requests under way before it waits for a paint", async () => {
    const answers: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answers.push(resolve);
        }),
    );
    const first = apiRequest('/admin/me', { isAuthenticated: false });
    const second = apiRequest('/admin/users', { isAuthenticated: false });
    const run = vi.fn();
    whenIdle(run);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(frames.size).toBe(0);

    answers[0]?.(new Response('{}'));
    await first;
    expect(frames.size).toBe(0);
    answers[1]?.(new Response('{}'));
    await second;
    expect(frames.size).toBe(1);
    paintTwoFrames();
    idleMoment();
    idleMoment();
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();

    // A request that takes long is waited for three seconds at most.
    const slow = apiRequest('/admin/users', { isAuthenticated: false });
    const afterSlow = vi.fn();
    whenIdle(afterSlow);
    vi.advanceTimersByTime(2_999);
    expect(frames.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect(frames.size).toBe(1);
    paintTwoFrames();
    idleMoment();
    idleMoment();
    expect(afterSlow).toHaveBeenCalledOnce();
    answers[2]?.(new Response('{}'));
    await slow;
    expect(frames.size).toBe(0);

    // A failed request has settled too.
    const failing = apiRequest('/admin/me', { isAuthenticated: false });
    whenIdle(run);
    answers[3]?.(new Response('{"message":"Nope"}', { status: 500 }));
    await expect(failing).rejects.toThrow('Nope');
    expect(frames.size).toBe(1);
  });

  it("waits for the panel's first render to commit before it waits for a paint, and only once", async () => {
    let commit = () => {};
    waitForFirstRender(
      new Promise<void>((resolve) => {
        commit = resolve;
      }),
    );
    const run = vi.fn();
    whenIdle(run);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    await Promise.resolve();
    expect(frames.size).toBe(0);

    commit();
    await vi.waitFor(() => expect(frames.size).toBe(1));
    paintTwoFrames();
    idleMoment();
    idleMoment();
    expect(run).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();

    // Committed, what waits for idle from then on waits for a paint at once.
    whenIdle(vi.fn());
    expect(frames.size).toBe(1);
  });

  it('makes one wait of those who ask before its first frame, each of whom can still cancel', () => {
    const runs = Array.from({ length: 20 }, () => vi.fn());
    const cancels = runs.map((run) => whenIdle(run));
    cancels[3]?.();
    expect(frames.size).toBe(1);
    paintFrame();
    // Past its first frame, a newcomer waits for a frame of its own.
    const late = vi.fn();
    whenIdle(late);
    expect(frames.size).toBe(2);
    const [second] = frames.values();
    frames.delete([...frames.keys()][0]!);
    second?.();
    vi.advanceTimersByTime(0);
    expect(idle.size).toBe(1);
    idleMoment();
    idleMoment();
    runs.forEach((run, index) => {
      expect(run, `caller ${index}`).toHaveBeenCalledTimes(index === 3 ? 0 : 1);
    });
    expect(late).not.toHaveBeenCalled();
    paintTwoFrames();
    idleMoment();
    idleMoment();
    expect(late).toHaveBeenCalledOnce();
    // All of a wait's callers gone, the wait is cancelled.
    const both = [whenIdle(vi.fn()), whenIdle(vi.fn())];
    for (const cancel of both) cancel();
    expect(cancelFrame).toHaveBeenCalledOnce();
    expect(frames.size).toBe(0);
  });

  it('waits for a short timer where there is no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run);
    paintTwoFrames();
    vi.advanceTimersByTime(150);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledOnce();
  });
});

describe('useWhenIdle', () => {
  it('turns true once the browser has painted and called back idle, not before', () => {
    const { result, unmount } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    act(() => paintTwoFrames());
    act(() => idleMoment());
    expect(result.current).toBe(false);
    act(() => idleMoment());
    expect(result.current).toBe(true);
    unmount();
  });
});
