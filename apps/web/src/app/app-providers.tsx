import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '../lib/color-scheme';
import { LazyNotifications } from './lazy-notifications';
import { theme } from './theme';

type AppProvidersProps = {
  queryClient: QueryClient;
  /** This response's style nonce (see csp-nonce.ts); absent in development and tests. */
  styleNonce?: string;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
};

export function AppProviders({ queryClient, styleNonce, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      // Light or dark as the system says, until the admin picks one (kept in this browser).
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      // The theme's CSS variables are in the entry's stylesheet, made by the build
      // (theme-css.ts): not made again in the browser as the panel starts.
      withCssVariables={false}
      getStyleNonce={styleNonce ? () => styleNonce : undefined}
      env={env}
    >
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
