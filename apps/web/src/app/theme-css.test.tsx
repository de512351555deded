import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeVariablesCss } from './theme-css';

/** The variables the kit's provider renders itself for the panel's theme (its default). */
function providerVariablesCss(): string {
  const { container } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  );
  const styles = [...document.querySelectorAll('style[data-mantine-styles]')].map(
    (style) => style.textContent ?? '',
  );
  expect(container.querySelector('span')).not.toBeNull();
  // The provider's other style element is its global classes (visible-from and hidden-from).
  const variables = styles.filter((css) => css.includes('--mantine-'));
  expect(variables).toHaveLength(1);
  return variables[0]!;
}

describe('themeVariablesCss', () => {
  it("is what the kit's provider would render for the panel's theme", () => {
    expect(themeVariablesCss()).toBe(providerVariablesCss());
  });

  it("holds the theme's own choices for both schemes", () => {
    const css = themeVariablesCss();
    expect(css).toContain('--mantine-font-family: system-ui');
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-anchor: var\(--mantine-color-blue-8\)/,
    );
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--roam-color-backdrop: var\(--mantine-color-gray-1\)/,
    );
    expect(css).toMatch(
      /\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--roam-color-backdrop: var\(--mantine-color-dark-8\)/,
    );
  });
});
