import { AREAS } from '@roam/contract/areas';
import { MFA_ERRORS } from '@roam/contract/mfa';
import { can, isAdminRole, PERMISSION_MODULES, type PermissionModule } from '@roam/contract/permissions';
import {
  CHANGED_EVENT,
  type ChangedEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATH,
  socketAuthSchema,
  UNAUTHORIZED,
} from '@roam/contract/socket';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Caller } from '../plugins/authentication';

/**
 * The realtime connection (DESIGN §8): socket.io on the app's own port, websocket transport only,
 * the access token in the handshake's `auth`. Each admin joins a room of their own (downloads'
 * progress and results) and one per module they may read (live lists). With REDIS_URL, events
 * cross processes through @socket.io/redis-adapter: an event emitted by any process reaches a
 * socket connected to any other.
 */

export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, never, { caller: Caller }>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, never, { caller: Caller }>;

export type Realtime = {
  io: RealtimeServer;
  /** The room of one admin's sockets, wherever they are connected. */
  adminRoom: (adminId: string) => string;
  /** After a write: every connected admin who may read the area reloads it. */
  changed: (change: ChangedEvent) => void;
  /** Sockets connecting: what each may do once it is connected. */
  onConnection: (listener: (socket: RealtimeSocket) => void) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const adminRoom = (adminId: string) => `admin:${adminId}`;
const readerRoom = (module: PermissionModule) => `read:${module}`;

export default fp(
  async function realtimePlugin(app: FastifyInstance, options: { redisUrl?: string }) {
    const io: RealtimeServer = new Server(app.server, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      // The panel is served by the same origin; nothing else connects.
      cors: { origin: false },
    });
    let redis: Redis[] = [];
    if (options.redisUrl) {
      const { Redis } = await import('ioredis');
      const publisher = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
      const subscriber = publisher.duplicate();
      await Promise.all([publisher.connect(), subscriber.connect()]);
      redis = [publisher, subscriber];
      io.adapter(createAdapter(publisher, subscriber));
    }

    io.use((socket, next) => {
      const auth = socketAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(new Error(UNAUTHORIZED));
      app.authenticateToken(auth.data.token).then(
        (caller) => {
          if (!isAdminRole(caller.role)) return next(new Error(UNAUTHORIZED));
          // An account that must still set up two-factor sign-in reaches nothing else (DESIGN §8).
          if (caller.mfa.required && !caller.mfa.enabled)
            return next(new Error(MFA_ERRORS.enrollmentRequired));
          socket.data.caller = caller;
          next();
        },
        () => next(new Error(UNAUTHORIZED)),
      );
    });

    const listeners: ((socket: RealtimeSocket) => void)[] = [];
    io.on('connection', (socket) => {
      const { caller } = socket.data;
      const rooms = [adminRoom(caller.id)];
      for (const module of PERMISSION_MODULES)
        if (can(caller, module, 'read')) rooms.push(readerRoom(module));
      void socket.join(rooms);
      for (const listener of listeners) listener(socket);
    });

    app.decorate('realtime', {
      io,
      adminRoom,
      changed: (change) => {
        io.to(readerRoom(AREAS[change.area].module)).emit(CHANGED_EVENT, change);
      },
      onConnection: (listener) => listeners.push(listener),
    });

    app.addHook('onClose', async () => {
      io.disconnectSockets(true);
      await io.close();
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    });
  },
  { name: 'realtime', dependencies: ['authentication'] },
);
