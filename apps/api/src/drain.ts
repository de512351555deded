import type { Http2Session } from 'node:http2';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown (see installDrain): true when everything received completed in time. */
    drain: (timeoutMs: number) => Promise<boolean>;
  }
}

/** How long idle kept-alive connections stay open after the signal, to answer what is in their pipe. */
const LINGER_MS = 1000;

/**
 * Graceful shutdown that loses nothing (DESIGN §7): once `drain()` is called every request already
 * received completes (a body still arriving included) and every new one gets 503 with Retry-After
 * and `connection: close`, for a short linger at least, so a request already on its way over a
 * kept-alive connection is answered rather than reset. Then the server stops listening, closes its
 * sockets and the app (and its database) closes. Node's own `server.close()` would drop idle
 * kept-alive sockets at once, resetting what is in their pipe: it comes last. Resolves false when
 * `timeoutMs` passed with requests still running. Installed first, before any other hook (app.ts):
 * a request counts as received from its first hook on.
 */
export function installDrain(app: FastifyInstance) {
  let isDraining = false;
  let active = 0;
  let onIdle: (() => void) | undefined;
  // An HTTP/2 server's sessions (TLS_CERT): a browser keeps its session open, idle, for minutes.
  const sessions = new Set<Http2Session>();
  app.server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // A response emits 'close' once, when it has been sent or its connection was lost: one listener,
  // the same function for every request.
  const settle = () => {
    active--;
    if (active === 0) onIdle?.();
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (isDraining) {
      // HTTP/2 has no such header: its connections end with the server's close (a GOAWAY).
      if (request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
      reply.header('retry-after', '5');
      reply.status(503).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The server is restarting, retry shortly',
      });
      return;
    }
    active++;
    reply.raw.on('close', settle);
    done();
  });

  return async function drain(timeoutMs: number): Promise<boolean> {
    isDraining = true;
    const idle = new Promise<boolean>((resolve) => {
      if (active === 0) resolve(true);
      else onIdle = () => resolve(true);
    });
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
    const linger = new Promise((resolve) => setTimeout(resolve, Math.min(LINGER_MS, timeoutMs)).unref());
    const isComplete = await Promise.race([Promise.all([idle, linger]).then(() => true), timeout]);
    app.server.close();
    if ('closeAllConnections' in app.server) app.server.closeAllConnections();
    // Each ends with a GOAWAY once nothing is under way; past the timeout, at once, as HTTP/1's are.
    for (const session of sessions) {
      if (isComplete) session.close();
      else session.destroy();
    }
    await app.close();
    return isComplete;
  };
}
