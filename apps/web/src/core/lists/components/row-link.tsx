import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A name in a list that opens its detail route (a client-side navigation, and a real link for a
 * new tab). Area routes are built from data (src/app/areas.ts), so their paths are not in the
 * router's typed route tree: the path is a plain string here.
 */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to as never} fz="sm" fw={500}>
      {children}
    </Anchor>
  );
}
