import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueIdleMoments } from '../test/idle-moments';
import { lazyModule, useLazyModule } from './lazy-module';

describe('lazyModule', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('imports once, and again after a failed import', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ answer: 42 });
    const module = lazyModule(importer);
    expect(module.current()).toBeUndefined();
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.current()).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toEqual({ answer: 42 });
    expect(second).toBe(first);
    expect(module.current()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('is asked for when the browser is idle, or at once when wanted', async () => {
    const idle = queueIdleMoments();
    const importer = vi.fn(async () => ({ answer: 42 }));
    const atIdle = lazyModule(importer);
    const { result } = renderHook(() => useLazyModule(atIdle));
    expect(result.current.loaded).toBeUndefined();
    expect(importer).not.toHaveBeenCalled();
    await waitFor(() => expect(idle.waiting()).toBe(1));
    act(() => idle.pass());
    expect(importer).not.toHaveBeenCalled();
    act(() => idle.pass());
    await waitFor(() => expect(result.current.loaded).toEqual({ answer: 42 }));

    const atOnce = lazyModule(async () => ({ answer: 7 }));
    const other = renderHook(() => useLazyModule(atOnce));
    act(() => other.result.current.want());
    await waitFor(() => expect(other.result.current.loaded).toEqual({ answer: 7 }));
  });

  it('is fetched when idle but hands nothing over until needed: no render when it arrives', async () => {
    const idle = queueIdleMoments();
    const importer = vi.fn(async () => ({ answer: 42 }));
    const module = lazyModule(importer);
    let renders = 0;
    const { result, rerender } = renderHook(
      ({ isNeeded }) => {
        renders += 1;
        return useLazyModule(module, isNeeded);
      },
      { initialProps: { isNeeded: false } },
    );
    await waitFor(() => expect(idle.waiting()).toBe(1));
    const rendersBefore = renders;
    await act(async () => {
      idle.pass();
      idle.pass();
    });
    await waitFor(() => expect(module.current()).toEqual({ answer: 42 }));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(result.current.loaded).toBeUndefined();
    expect(renders).toBe(rendersBefore);

    rerender({ isNeeded: true });
    act(() => result.current.want());
    await waitFor(() => expect(result.current.loaded).toEqual({ answer: 42 }));
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
