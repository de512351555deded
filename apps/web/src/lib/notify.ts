import { requestToasts } from './toast-signal';

/**
 * Toasts (top right, 5 s; see src/app/lazy-notifications.tsx). Show them through here, which also
 * loads the toast container. @mantine/notifications is imported on the first toast, not up front,
 * so the sign-in page does not download it (DESIGN §6); toasts keep their order, since each waits
 * for the same module. The level is written as `data-level` too, so that tests and styles can tell
 * an info from an error.
 */
export type NotifyLevel = 'success' | 'info' | 'error';

const LEVEL_COLORS: Record<NotifyLevel, string> = { success: 'green', info: 'blue', error: 'red' };

export function notify(level: NotifyLevel, message: string, options: { id?: string } = {}): void {
  requestToasts();
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      id: options.id,
      message,
      color: LEVEL_COLORS[level],
      closeButtonProps: { 'aria-label': 'Close notification' },
      'data-level': level,
    }),
  );
}
