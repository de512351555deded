import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { hasSession } from '../../lib/session';

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('../../components/not-found-page'), 'NotFoundPage'),
});

/** The parent of every signed-in page: a visitor without a token in local storage goes to sign-in. */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: () => {
    if (!hasSession()) throw redirect({ to: '/' });
  },
  component: lazyRouteComponent(() => import('../layout/app-layout'), 'AppLayout'),
});
