import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Shade 8 of the primary colour keeps white button text and blue links above the 4.5:1 contrast
 * ratio, in light and in dark (filled buttons and the active navigation entry carry white text in
 * both); the dimmed and error text colours are adjusted for the same reason.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // Every popup's close button is named for screen readers. A plain object, not Modal.extend():
    // importing Modal here would put it in the sign-in page's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // A select's options are rendered when it opens, not kept hidden in the page: a kept dropdown
    // is positioned (a forced style and layout pass) on every render of the page around it.
    Combobox: { defaultProps: { keepMounted: false } },
    // The calendar's arrows are named too.
    DatePickerInput: {
      defaultProps: {
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
        },
      },
    },
  },
});

/**
 * The panel's own surfaces, one value per colour scheme, so no component names a light shade:
 * `--roam-color-backdrop` behind the signed-out pages' card, `--roam-color-placeholder` where a
 * picture is missing, `--roam-color-map-empty` for a country with no users.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--roam-color-backdrop': 'var(--mantine-color-gray-1)',
    '--roam-color-placeholder': 'var(--mantine-color-gray-1)',
    '--roam-color-map-empty': 'var(--mantine-color-gray-3)',
  },
  dark: {
    // Mantine's dark dimmed (dark-2 on dark-7, 4.0:1) and error (red-8) are too dark to read.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--roam-color-backdrop': 'var(--mantine-color-dark-8)',
    '--roam-color-placeholder': 'var(--mantine-color-dark-6)',
    '--roam-color-map-empty': 'var(--mantine-color-dark-4)',
  },
});
