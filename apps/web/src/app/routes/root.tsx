import { listSearchOf } from '@roam/contract/areas';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { prefetchList } from '../../core/lists/list-query';
import { meQueryOptions } from '../../lib/me';
import { hasSession } from '../../lib/session';
import { listAreaAt } from '../layout/navigation';

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('../../components/not-found-page'), 'NotFoundPage'),
});

/** The parent of every signed-in page: a visitor without a token in local storage goes to sign-in. */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: ({ context, location }) => {
    if (!hasSession()) throw redirect({ to: '/' });
    // The signed-in admin (the shell's navigation, a list's permissions) and an area list's first
    // page are asked for while the shell's and the page's code load, not once they have rendered.
    void context.queryClient.prefetchQuery(meQueryOptions());
    const area = listAreaAt(location.pathname);
    if (area) void prefetchList(context.queryClient, area, listSearchOf(area)(location.search));
  },
  component: lazyRouteComponent(() => import('../layout/app-layout'), 'AppLayout'),
});
