import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from '@mantine/core';
// With its extension: the build's config imports this file too (vite.config.ts).
import { cssVariablesResolver, theme } from './theme.ts';

type Variables = Record<string, string>;

/** The entries of `values` that differ from `defaults`. */
function changedFrom(values: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => defaults[key] !== value));
}

/**
 * The theme's CSS variables as a stylesheet, made by the build (vite.config.ts) with the kit's own
 * functions and put in the entry's stylesheet. The kit's provider would compute them in the
 * browser as the panel starts (its `withCssVariables`): on a phone that was 18 ms of script before
 * every page's first paint (the kit's defaults built when its file loads, then the theme's on the
 * first render), four times that in Lighthouse's simulated phone. Like the provider, it keeps only
 * what differs from the kit's defaults, which its base stylesheet (default-css-variables) holds;
 * theme-css.test.tsx checks it is what the provider renders.
 */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  // The provider's selector (`:root, :host` and the schemes' attribute on them): none given.
  return convertCssVariables({
    variables: changedFrom(variables.variables, defaults.variables),
    light: changedFrom(variables.light, defaults.light),
    dark: changedFrom(variables.dark, defaults.dark),
  });
}
