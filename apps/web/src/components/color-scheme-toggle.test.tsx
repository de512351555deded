import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '../lib/color-scheme';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('the light or dark switch', () => {
  afterEach(() => document.documentElement.removeAttribute('data-mantine-color-scheme'));

  it('follows the system (light here) until pressed, then keeps the choice in this browser', async () => {
    mockFetch({});
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(scheme()).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(scheme()).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('starts dark when this browser chose dark before', async () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    mockFetch({});
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(scheme()).toBe('dark');
  });
});
