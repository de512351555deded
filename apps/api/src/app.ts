import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES } from '@roam/contract/validation';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationRoutes } from './admin/me/notifications';
import { adminRoutes, exportSourceOf } from './admin/resources';
import { createLoginThrottle, DEFAULT_THROTTLE, type ThrottleOptions } from './auth/login-throttle';
import { createMfa, createSecretBox } from './auth/mfa';
import { mfaRoutes } from './auth/mfa-routes';
import { oidcRoutes } from './auth/oidc';
import { authRoutes } from './auth/routes';
import { createSessions } from './auth/sessions';
import { loadSigningKeys } from './auth/signing-keys';
import type { Config, TlsFiles } from './config';
import type { DatabaseHandle } from './db/client';
import { createDownloads, type DownloadsOptions } from './downloads/downloads';
import { createLinkSigner, loadLinkSecret } from './downloads/links';
import { downloadFileRoutes, downloadListRoutes, serveDownloadRequests } from './downloads/routes';
import { installDrain } from './drain';
import { loadKey } from './lib/keys';
import { createMailer, type Mailer } from './lib/mailer';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { WEB_DIST_DIR } from './paths';
import authentication, { type RoutePermission } from './plugins/authentication';
import authorization from './plugins/authorization';
import compression from './plugins/compression';
import database from './plugins/database';
import errors from './plugins/errors';
import inputRules from './plugins/input-rules';
import panel from './plugins/panel';
import security from './plugins/security';
import realtime from './realtime/realtime';

export type RouteEntry = {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** The names of its query and body fields, from its schemas (what the fuzz test fills). */
  fields: { query: string[]; body: string[] };
};

/** The field names of a zod object schema (through an intersection), or none. */
function fieldNames(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodIntersection)
    return [...fieldNames(schema.def.left), ...fieldNames(schema.def.right)];
  if (schema instanceof z.ZodPipe) return fieldNames(schema.def.in);
  return [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, with the permission it declares: what the authorization test walks. */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * One line per request only at LOG_LEVEL=debug: at the default level the log holds what needs
 * attention (errors, start, stop), not every call. Errors keep Fastify's own lines.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  }
}

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Close the database with the app (the server does; tests share one per file). */
  ownsDatabase?: boolean;
  throttle?: Partial<ThrottleOptions>;
  mailer?: Mailer;
  /** The certificate and key (config.tls, read): HTTPS, with HTTP/2 for the browsers that offer it. */
  tls?: TlsFiles;
  /** Serve the built panel (off in API tests). */
  servePanel?: boolean;
  logger?: boolean | object;
  /** Download jobs' timings (tests shorten them). */
  downloads?: Pick<DownloadsOptions, 'concurrency' | 'staleSeconds' | 'sweepIntervalMs'>;
  /** Make every answer with zod's serializer too and refuse a difference (the API tests). */
  verifySerializers?: boolean;
};

/**
 * Builds the whole server: external plugins, then app plugins, then routes (the fastify/demo
 * order). `server.ts` only listens.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const serverOptions = {
    logger: options.logger ?? { level: config.logLevel },
    logController: new QuietRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  };
  // Over TLS, HTTP/2: a phone's page asks for its twenty files over one connection instead of six
  // that each open and warm up on their own. HTTP/1.1 stays for the clients that do not offer h2
  // (and for the socket's websocket, which browsers open over HTTP/1.1). The routes and plugins use
  // only what Node's HTTP/2 compatibility requests and responses share with HTTP/1's, hence one type.
  const app = (
    options.tls
      ? Fastify({ ...serverOptions, http2: true, https: { ...options.tls, allowHTTP1: true } })
      : Fastify(serverOptions)
  ) as FastifyInstance;
  // The first hook of all: a request is counted as received (and completes on SIGTERM) before any
  // other hook runs; a hook added after the /admin scope would run after its sign-in check, and a
  // request still checking its caller at the signal was answered 503.
  app.decorate('drain', installDrain(app));
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          permission: route.config?.permission,
          fields: { query: fieldNames(route.schema?.querystring), body: fieldNames(route.schema?.body) },
        });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: options.verifySerializers }));

  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const keys = await loadSigningKeys(config.dataDir);
  const sessions = createSessions(options.database.db, keys);
  const throttle = createLoginThrottle(options.database.db, { ...DEFAULT_THROTTLE, ...options.throttle });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });

  await app.register(errors);
  await app.register(inputRules);
  await app.register(security);
  await app.register(compression);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 30, fieldSize: 100_000 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Roam Admin API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The base layout: the standalone one's top bar draws swagger-ui's logo, an SVG carrying its own
  // <style>, which the strict style-src refuses (a CSP warning on every visit of /docs).
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { layout: 'BaseLayout' } });
  await app.register(database, { handle: options.database, ownsHandle: options.ownsDatabase ?? false });
  await app.register(authentication, { sessions });
  await app.register(realtime, { redisUrl: config.redisUrl });
  const signer = createLinkSigner(await loadLinkSecret(config.dataDir));
  const mfa = createMfa(options.database.db, createSecretBox(await loadKey(config.dataDir, 'mfa-secrets')));
  const downloads = await createDownloads({
    db: options.database.db,
    realtime: app.realtime,
    log: app.log,
    signer,
    mailer,
    dir: path.join(config.dataDir, 'downloads'),
    publicUrl: config.publicUrl,
    ttlSeconds: config.downloadTtlSeconds,
    sources: exportSourceOf,
    redis: config.redisUrl
      ? { url: config.redisUrl, deployment: config.databaseUrl ?? config.dataDir }
      : undefined,
    ...options.downloads,
  });
  app.addHook('onClose', () => downloads.close());
  serveDownloadRequests(app, downloads);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const isReady = await options.database.ping();
    return reply.status(isReady ? 200 : 503).send({ status: isReady ? 'ready' : 'database unavailable' });
  });

  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400'),
  });

  await app.register(authRoutes, { throttle, mailer, mfa, publicUrl: config.publicUrl });
  await app.register(mfaRoutes, { mfa, throttle });
  await app.register(oidcRoutes, {
    providers: config.oidcProviders,
    publicUrl: config.publicUrl,
    stateKey: await loadKey(config.dataDir, 'oidc-state'),
    mfa,
  });
  await app.register(notificationRoutes);
  await app.register(downloadFileRoutes, { downloads, signer });
  await app.register(
    async (admin) => {
      await admin.register(authorization);
      await admin.register(adminRoutes, { uploadsDir, mfa });
      await admin.register(downloadListRoutes, { downloads });
    },
    { prefix: '/admin' },
  );

  if (options.servePanel ?? true) await app.register(panel, { distDir: WEB_DIST_DIR });
  return app;
}
