import { vi } from 'vitest';

/**
 * The browser's idle moments, for the test to pass: each idle callback asked for is kept, not run,
 * until `pass` runs those waiting. The idle wait starts after two frames (lib/use-when-idle.ts): at
 * once here; what waits for idle waits for two moments. `vi.unstubAllGlobals()` undoes it.
 */
export function queueIdleMoments() {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => run());
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  vi.stubGlobal('cancelIdleCallback', () => {});
  return {
    waiting: () => idle.length,
    pass: () => {
      for (const run of idle.splice(0)) run();
    },
  };
}
