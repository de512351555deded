import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

/** public/color-scheme.js, the script index.html runs before the first paint. */
const SCRIPT = readFileSync(path.resolve(import.meta.dirname, '../../public/color-scheme.js'), 'utf8');

/** Runs the script with the system preferring dark or not; returns the scheme it set. */
function runScript(systemIsDark: boolean): string | null {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: systemIsDark && query === '(prefers-color-scheme: dark)',
  }));
  new Function(SCRIPT)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

describe('the colour scheme before the first paint', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it("follows the system when this browser has no choice (or 'auto')", () => {
    expect(runScript(true)).toBe('dark');
    expect(runScript(false)).toBe('light');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'auto');
    expect(runScript(true)).toBe('dark');
  });

  it("keeps the browser's choice, under the key the panel writes it to", () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    expect(runScript(false)).toBe('dark');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'light');
    expect(runScript(true)).toBe('light');
  });
});
