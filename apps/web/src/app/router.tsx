import type { PermissionModule } from '@roam/contract/permissions';
import { RECORD_STATUSES } from '@roam/contract/status';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
  useNavigate,
  useParams,
  useSearch,
} from '@tanstack/react-router';
import { PageLoader } from '../components/page-loader';
import { type ListSearch, validateListSearch } from '../core/lists/list-search';
import { hasSession } from '../lib/session';
import { AREAS, type AreaName, type AreaPage, getAreaModule } from './areas';

/**
 * Code-based routes (SPEC §2). Every page component is loaded on demand, so the sign-in page
 * downloads only the shared runtime and its form; the shell and the other pages follow later.
 */
export type RouterContext = { queryClient: QueryClient };

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The navigation entry the page belongs to. */
    area?: AreaName | 'analytics';
    /** The page's title, for pages described by data (areas not built yet). */
    title?: string;
    /** The permission module whose read flag the page needs. */
    module?: PermissionModule;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import('../components/not-found-page'), 'NotFoundPage'),
});

// Public pages

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
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

// Protected pages: a visitor without a token in local storage goes to the sign-in page.

const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: () => {
    if (!hasSession()) throw redirect({ to: '/' });
  },
  component: lazyRouteComponent(() => import('./layout/app-layout'), 'AppLayout'),
});

const notAvailablePage = lazyRouteComponent(
  () => import('../components/not-available-page'),
  'NotAvailablePage',
);

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
  staticData: { area: 'analytics', title: 'Active Users' },
  component: notAvailablePage,
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

/** A list page: the one list screen with the area's declaration, both loaded on demand. */
function listPageComponent(title: string, loadDeclaration: NonNullable<AreaPage['list']>) {
  return lazyRouteComponent(async () => {
    const [{ ListPage }, { default: declaration }] = await Promise.all([
      import('../core/lists/components/list-page'),
      loadDeclaration(),
    ]);
    return {
      default: function AreaListPage() {
        const search = useSearch({ strict: false }) as ListSearch;
        const { userId } = useParams({ strict: false }) as { userId?: string };
        const navigate = useNavigate();
        return (
          <ListPage
            declaration={declaration}
            title={title}
            search={search}
            userId={userId}
            onSearchChange={(update) => void navigate({ to: '.', search: update as never })}
          />
        );
      },
    };
  });
}

/**
 * One route per page of every area. List pages keep their filters in the URL; /cities/{status}
 * is the city list opened on that status tile. Pages not built yet render the generic page.
 */
const areaRoutes = AREAS.flatMap((area) =>
  area.pages.map((page: AreaPage) =>
    createRoute({
      getParentRoute: () => protectedRoute,
      path: page.path,
      staticData: { area: area.name, title: page.title, module: getAreaModule(area.name) },
      ...(page.list
        ? {
            validateSearch: validateListSearch,
            beforeLoad: ({ params }: { params: Record<string, string> }) => {
              if (params.status === undefined) return;
              const [status] = RECORD_STATUSES.filter((value) => value === params.status?.toUpperCase());
              throw redirect({ to: area.pages[0].path as never, search: { status } as never });
            },
            component: listPageComponent(page.title, page.list),
          }
        : { component: page.page ? lazyRouteComponent(page.page) : notAvailablePage }),
    }),
  ),
);

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  protectedRoute.addChildren([
    analyticsRoute,
    analyticsGraphRoute,
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
