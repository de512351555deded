import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle, whenIdle } from './use-when-idle';

/** The browser's frames, idle moments and timers, each run when the test says. */
let frames: Map<number, () => void>;
let lastFrame = 0;
let idle: (() => void)[];
const cancelIdle = vi.fn();
const cancelFrame = vi.fn();

beforeEach(() => {
  frames = new Map();
  idle = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => {
    lastFrame += 1;
    frames.set(lastFrame, run);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (frame: number) => {
    frames.delete(frame);
    cancelFrame();
  });
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', cancelIdle);
});
afterEach(() => {
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

describe('whenIdle', () => {
  it('waits for the next paint, then for an idle moment', () => {
    const run = vi.fn();
    whenIdle(run);
    expect(frames.size).toBe(1);
    expect(idle).toHaveLength(0);
    const [frame] = frames.values();
    frames.clear();
    frame?.();
    // The frame's callback runs before its paint: the idle wait starts only after it.
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(idle).toHaveLength(1);
    expect(run).not.toHaveBeenCalled();
    idle[0]?.();
    expect(run).toHaveBeenCalledOnce();
  });

  it('cancels at each step: before the frame, before the paint, before the idle moment', () => {
    const run = vi.fn();
    whenIdle(run)();
    expect(cancelFrame).toHaveBeenCalledOnce();

    const cancelAfterFrame = whenIdle(run);
    const [frame] = frames.values();
    frames.clear();
    frame?.();
    cancelAfterFrame();
    vi.advanceTimersByTime(0);
    expect(idle).toHaveLength(0);

    const cancelWhileIdle = whenIdle(run);
    paintFrame();
    expect(idle).toHaveLength(1);
    cancelWhileIdle();
    expect(cancelIdle).toHaveBeenCalledOnce();
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
      paintFrame();
      idle[0]?.();
      expect(run).toHaveBeenCalledOnce();
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      readyState.mockRestore();
    }
  });

  it('waits for a short timer where there is no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run);
    paintFrame();
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
    act(() => paintFrame());
    expect(result.current).toBe(false);
    act(() => idle[0]?.());
    expect(result.current).toBe(true);
    unmount();
  });
});
