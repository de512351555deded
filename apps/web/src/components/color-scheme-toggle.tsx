import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between light and dark. Until it is pressed the panel follows the system; the choice
 * it makes is then kept in this browser (theme.ts's colour scheme manager). A toggle button: its
 * name stays 'Dark theme' and aria-pressed says whether dark is on.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Dark theme"
      aria-pressed={isDark}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {/* Both icons, the page's scheme attribute showing one: right before any script has run too
          (the sign-in page's prerendered snapshot). */}
      <IconMoon className="mantine-dark-hidden" size={20} stroke={1.6} aria-hidden />
      <IconSun className="mantine-light-hidden" size={20} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
