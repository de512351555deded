import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastsRequested, subscribeToasts } from '../lib/toast-signal';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * Toasts top right, closing after 5 s (SPEC §9). The container and its transition code are
 * downloaded when the first toast is shown (lib/notify.ts), not by the sign-in page up front;
 * toasts raised before it arrives wait in the store and show once it mounts.
 */
export function LazyNotifications() {
  const isNeeded = useSyncExternalStore(subscribeToasts, isToastsRequested, isToastsRequested);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} />
    </Suspense>
  );
}
