import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  UNAUTHORIZED,
} from '@roam/contract/socket';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { refreshAfterUnauthorized } from './api-client';
import { getAccessToken } from './session';
import { whenIdle } from './use-when-idle';

/**
 * The panel's one realtime connection (DESIGN §8): socket.io on the page's own origin, websocket
 * transport only, the access token in the handshake's `auth`. It is opened by the signed-in layout
 * and closed when that unmounts (sign-out, end of session). socket.io-client is imported when the
 * connection opens, so the sign-in page never downloads it.
 *
 * A refused handshake (`connect_error` UNAUTHORIZED) or a server that closed the socket because the
 * session behind its token ended: refresh the token once, as a refused request would, and connect
 * again with the new one. If the refresh fails the session is over and the API client has already
 * sent the admin to sign-in.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

type RealtimeOptions = {
  /** Opens the socket; tests give their own, or none to run without a connection. */
  createSocket: ((auth: AuthCallback) => Promise<RealtimeSocket>) | null;
};
type AuthCallback = (callback: (data: { token: string }) => void) => void;

const defaultOptions: RealtimeOptions = {
  createSocket: async (auth) => {
    // The socket's code and handshake wait for the page's own code, data and first paint, which a
    // phone on a slow network needs first.
    await new Promise<void>((resolve) => whenIdle(resolve));
    const { io } = await import('socket.io-client');
    return io({ path: SOCKET_PATH, transports: ['websocket'], auth });
  },
};
let options = defaultOptions;

export function configureRealtime(next: Partial<RealtimeOptions>): void {
  options = { ...defaultOptions, ...next };
}

let current: Promise<RealtimeSocket | null> | null = null;

/** The open connection, opening it if needed; null when realtime is switched off (tests). */
export function connectRealtime(): Promise<RealtimeSocket | null> {
  if (!current) current = open();
  return current;
}

export function disconnectRealtime(): void {
  const closing = current;
  current = null;
  void closing?.then((socket) => socket?.close());
}

async function open(): Promise<RealtimeSocket | null> {
  if (!options.createSocket) return null;
  let sentToken: string | null = null;
  const socket = await options.createSocket((callback) => {
    sentToken = getAccessToken();
    callback({ token: sentToken ?? '' });
  });
  let isRefreshing = false;
  const refreshAndReconnect = async () => {
    // One refresh per refusal: a token refused again right after a refresh is not retried forever.
    if (isRefreshing) return;
    isRefreshing = true;
    const isRefreshed = await refreshAfterUnauthorized(sentToken);
    if (isRefreshed && socket.disconnected) socket.connect();
  };
  socket.on('connect', () => {
    isRefreshing = false;
  });
  socket.on('connect_error', (error) => {
    // Anything else (the server restarting, the network) socket.io retries by itself.
    if (error.message === UNAUTHORIZED) void refreshAndReconnect();
  });
  socket.on('disconnect', (reason) => {
    // The server closes a socket whose session ended: connect again once the token is refreshed.
    if (reason === 'io server disconnect') void refreshAndReconnect();
  });
  return socket;
}

/**
 * While the component is mounted: `subscribe` runs on the open connection (once it is open) and
 * returns how to unsubscribe. Nothing runs when realtime is off, or when the component is gone
 * before the connection opened.
 */
function useSocketSubscription(subscribe: (socket: RealtimeSocket) => () => void, key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `subscribe` listens to
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let isActive = true;
    void connectRealtime().then((socket) => {
      if (isActive && socket) unsubscribe = subscribe(socket);
    });
    return () => {
      isActive = false;
      unsubscribe?.();
    };
  }, [key]);
}

/**
 * Calls `handler` on every `event` the server sends while the component is mounted. The handler
 * may change between renders without subscribing again.
 */
export function useRealtimeEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useSocketSubscription((socket) => {
    // biome-ignore lint/suspicious/noExplicitAny: socket.io's listener typing cannot follow a generic event name
    const listener: any = (...args: unknown[]) =>
      (handlerRef.current as (...values: unknown[]) => void)(...args);
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, event);
}

/** Calls `handler` each time the connection is made again after it was lost (not the first time). */
export function useRealtimeReconnect(handler: () => void): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useSocketSubscription((socket) => {
    let hasConnected = socket.connected;
    const listener = () => {
      if (hasConnected) handlerRef.current();
      hasConnected = true;
    };
    socket.on('connect', listener);
    return () => socket.off('connect', listener);
  }, 'connect');
}
