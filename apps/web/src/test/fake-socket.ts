import type { RealtimeSocket } from '../lib/realtime';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the panel's socket in jsdom, where no server runs: it records what the panel
 * emits, answers requests with `answer`, and lets a test play the server's events. The real
 * connection is tested against the real server in the API's socket tests and the browser tests.
 */
export function createFakeSocket(answer: (event: string, payload: unknown) => unknown) {
  const listeners = new Map<string, Set<Listener>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    connected: true,
    disconnected: false,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return socket;
    },
    once(event: string, listener: Listener) {
      const once: Listener = (...args) => {
        socket.off(event, once);
        listener(...args);
      };
      return socket.on(event, once);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    connect() {
      return socket;
    },
    close() {
      return socket;
    },
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          emitted.push({ event, payload });
          return answer(event, payload);
        },
      };
    },
  };
  return {
    socket: socket as unknown as RealtimeSocket,
    emitted,
    /** Plays an event from the server. */
    serverEmits(event: string, payload: unknown) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    listens: (event: string) => (listeners.get(event)?.size ?? 0) > 0,
  };
}
