/**
 * A 403 on a change means "not allowed": the API client reports the server's message here and the
 * Unauthorized Access popup (src/components/unauthorized-modal.tsx) shows it.
 */
type Listener = () => void;

let currentMessage: string | null = null;
const listeners = new Set<Listener>();

function notifyListeners() {
  for (const listener of listeners) listener();
}

export function reportForbidden(message: string): void {
  currentMessage = message;
  notifyListeners();
}

export function dismissForbidden(): void {
  currentMessage = null;
  notifyListeners();
}

export function getForbiddenMessage(): string | null {
  return currentMessage;
}

export function subscribeForbidden(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
