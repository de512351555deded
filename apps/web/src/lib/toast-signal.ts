/**
 * Raised by the first toast (see notify.ts). The toast container mounts only then, so its code is
 * not part of what the sign-in page downloads (see src/app/lazy-notifications.tsx). This module
 * must not import @mantine/notifications.
 */
let isRequested = false;
const listeners = new Set<() => void>();

export function requestToasts(): void {
  if (isRequested) return;
  isRequested = true;
  for (const listener of listeners) listener();
}

export function isToastsRequested(): boolean {
  return isRequested;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
