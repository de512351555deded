import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Decorates the instance with the database the app was built with; closes it on shutdown. */
export default fp(
  async function databasePlugin(
    app: FastifyInstance,
    options: { handle: DatabaseHandle; ownsHandle: boolean },
  ) {
    app.decorate('database', options.handle);
    app.decorate('db', options.handle.db);
    if (options.ownsHandle) app.addHook('onClose', () => options.handle.close());
  },
  { name: 'database' },
);
