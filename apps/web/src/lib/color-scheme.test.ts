import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

/** public/first-paint.js, the script index.html runs before the first paint. */
const SCRIPT = readFileSync(path.resolve(import.meta.dirname, '../../public/first-paint.js'), 'utf8');

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

describe('the session flag before the first paint', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-signed-in');
    localStorage.clear();
  });

  it('marks the page signed in when the access token is stored, under the key the panel writes it to', () => {
    runScript(false);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(false);
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    runScript(false);
    expect(document.documentElement.hasAttribute('data-signed-in')).toBe(true);
  });
});

describe("the panel's first files", () => {
  const START = '<link rel="modulepreload" href="/assets/framework-1.js">';
  const SHELL =
    '<link rel="modulepreload" href="/assets/app-layout-1.js"><link rel="preload" as="style" href="/assets/app-layout-1.css">';
  const added = () =>
    [...document.head.querySelectorAll(':scope > link')].map((link) => link.getAttribute('href'));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] });
    document.head.innerHTML = `<template id="start-files">${START}</template><template id="shell-files">${SHELL}</template>`;
  });

  afterEach(() => {
    vi.useRealTimers();
    document.head.replaceChildren();
    document.documentElement.removeAttribute('data-signed-in');
    localStorage.clear();
  });

  it("are the start's, asked for once a visitor's page has painted (a frame, then a task), not before", () => {
    runScript(false);
    expect(added()).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual(['/assets/framework-1.js']);
  });

  it("are the start's and the shell's, at once, for a signed-in admin", () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    runScript(false);
    expect(added()).toEqual([
      '/assets/framework-1.js',
      '/assets/app-layout-1.js',
      '/assets/app-layout-1.css',
    ]);
  });
});
