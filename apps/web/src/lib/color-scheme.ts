import { localStorageColorSchemeManager } from '@mantine/core';

/**
 * Where the admin's choice of light or dark is kept in this browser (absent: follow the system).
 * public/first-paint.js reads the same key before the first paint; signing out keeps it
 * (session.ts), since it belongs to the browser, not to the session.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
