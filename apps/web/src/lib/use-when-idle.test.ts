import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle, whenIdle } from './use-when-idle';

describe('useWhenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('turns true when the browser calls back idle, not before', () => {
    let callback: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      callback = run;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { result, unmount } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    act(() => callback?.());
    expect(result.current).toBe(true);
    unmount();
  });

  it('waits for a short timer where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result, unmount } = renderHook(() => useWhenIdle());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(250));
    expect(result.current).toBe(true);
    unmount();
  });

  it('waits for the page to have loaded before it waits for an idle moment; a cancel then cancels either', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const cancelIdle = vi.fn();
    vi.stubGlobal('cancelIdleCallback', cancelIdle);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      const run = vi.fn();
      const cancel = whenIdle(run);
      const cancelled = vi.fn();
      const cancelBeforeLoad = whenIdle(cancelled);
      cancelBeforeLoad();
      expect(idle).toHaveLength(0);

      readyState.mockReturnValue('complete');
      window.dispatchEvent(new Event('load'));
      expect(idle).toHaveLength(1);
      expect(run).not.toHaveBeenCalled();
      idle[0]?.();
      expect(run).toHaveBeenCalledOnce();
      expect(cancelled).not.toHaveBeenCalled();
      cancel();
      expect(cancelIdle).toHaveBeenCalledOnce();
    } finally {
      readyState.mockRestore();
    }
  });
});
