import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissForbidden } from '../lib/forbidden-store';
import { configureRealtime, disconnectRealtime } from '../lib/realtime';

// Lazy routes load on demand; on a busy two-core machine that can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads. As in a browser, the empty query matches (tables
// render a column without a media query through it); any width query does not.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Nor the font loading API, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
Element.prototype.scrollTo = () => {};

// No realtime connection unless a test gives its own socket (test/fake-socket.ts).
configureRealtime({ createSocket: null });

afterEach(() => {
  disconnectRealtime();
  configureRealtime({ createSocket: null });
  cleanup();
  cleanNotifications();
  dismissForbidden();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
