import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './use-when-idle';

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
});
