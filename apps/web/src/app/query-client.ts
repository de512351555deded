import { MESSAGES } from '@roam/contract/messages';
import { MFA_ERRORS } from '@roam/contract/mfa';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isRefusal } from '../lib/api-error';
import { notify } from '../lib/notify';
import { signOut } from '../lib/sign-out';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * SPEC §6: a list, a dashboard or the admin's own details that the server refuses (any 4xx
       * but 401) ends the visit: 'You dont have access', signed out, back to /.
       */
      leavesOnRefusal?: boolean;
    };
  }
}

/**
 * Answers in the 4xx range are final: retrying them only repeats the failure. A 5xx (a 503 while
 * the server drains or the database is away) and a lost connection are tried again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

type QueryClientOptions = {
  /** Where a refused load sends the admin, once signed out (the sign-in page). */
  onAccessRefused?: () => Promise<unknown>;
  /** Delay between tries of a failed load; tests make it 0. */
  retryDelay?: number;
};

/**
 * The app's query client. Its cache is the one place that applies SPEC §6's rule to the loads that
 * declare `meta.leavesOnRefusal`: a 5xx is never a sign-out, only a failure the screen shows.
 */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.leavesOnRefusal || !isRefusal(error)) return;
        // Not a refusal of the admin: their role requires two-factor sign-in first, and the
        // signed-in shell sends them to My Account to set it up.
        if (isApiError(error) && error.code === MFA_ERRORS.enrollmentRequired) return;
        notify('error', MESSAGES.noAccess, { id: 'no-access' });
        void signOut()
          .then(() => options.onAccessRefused?.())
          .finally(() => queryClient.clear());
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
