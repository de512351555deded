import type { AreaName } from '@roam/contract/areas';
import { readAuditSearch } from '@roam/contract/audit';
import { readLoginSearch } from '@roam/contract/social';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { PageLoader } from '../components/page-loader';
import type { AuditPageProps } from '../features/audit/audit-page';
import { hasSession } from '../lib/session';
import { areaRoutes } from './routes/areas';
import { ownPage } from './routes/pages';
import { protectedRoute, rootRoute } from './routes/root';

/**
 * Code-based, typed routes (SPEC §2): every path and its params and search are known to the
 * compiler. Every page component is loaded on demand, so the sign-in page downloads only the shared
 * runtime and its form; the shell and the other pages follow later. The areas' pages are in
 * routes/areas.tsx.
 */
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The navigation entry the page belongs to. */
    area?: AreaName | 'analytics' | 'audit';
  }
}

// Public pages

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: readLoginSearch,
  beforeLoad: () => {
    if (hasSession()) throw redirect({ to: '/analytics' });
  },
  component: lazyRouteComponent(() => import('../features/auth/components/login-page'), 'LoginPage'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(
    () => import('../features/auth/components/forgot-password-page'),
    'ForgotPasswordPage',
  ),
});

export type ResetPasswordSearch = { mode?: string; oobCode?: string; lang?: string };

function readSearchString(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    mode: readSearchString(search.mode),
    oobCode: readSearchString(search.oobCode),
    lang: readSearchString(search.lang),
  }),
  component: lazyRouteComponent(
    () => import('../features/auth/components/reset-password-page'),
    'ResetPasswordPage',
  ),
});

// Signed-in pages besides the areas'

const analyticsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/analytics',
  staticData: { area: 'analytics' },
  component: lazyRouteComponent(
    () => import('../features/analytics/components/analytics-page'),
    'AnalyticsPage',
  ),
});

const analyticsGraphRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/analytics/graph',
  staticData: { area: 'analytics' },
  component: lazyRouteComponent(
    () => import('../features/analytics/graph/graph-page'),
    'ActiveUsersGraphPage',
  ),
});

const auditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/audit',
  staticData: { area: 'audit' },
  validateSearch: readAuditSearch,
  component: ownPage(
    () => import('../features/audit/audit-page'),
    (): AuditPageProps => {
      const navigate = auditRoute.useNavigate();
      return {
        search: auditRoute.useSearch(),
        onSearchChange: (update) => void navigate({ search: update }),
      };
    },
  ),
});

const accountRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('../features/account/components/account-page'), 'AccountPage'),
});

const changePasswordRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/change-password',
  component: lazyRouteComponent(
    () => import('../features/auth/components/change-password-page'),
    'ChangePasswordPage',
  ),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  protectedRoute.addChildren([
    analyticsRoute,
    analyticsGraphRoute,
    auditRoute,
    accountRoute,
    changePasswordRoute,
    ...areaRoutes,
  ]),
]);

export function createAppRouter(options: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { queryClient: options.queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: PageLoader,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
