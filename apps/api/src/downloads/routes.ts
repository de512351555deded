import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { downloadListSchema } from '@roam/contract/downloads';
import { messageBodySchema } from '@roam/contract/errors';
import { DOWNLOAD_EVENT, UNAUTHORIZED } from '@roam/contract/socket';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoute } from '../admin/core/route-options';
import { HttpError, notFound } from '../lib/http-error';
import { assertMfaSettled } from '../plugins/authentication';
import type { Downloads } from './downloads';
import type { LinkSigner } from './links';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/**
 * The socket's `download management` request: checked against the caller as they are now (a
 * session ended since the handshake is refused with UNAUTHORIZED and the socket closed, so the
 * panel refreshes its token and connects again).
 */
export function serveDownloadRequests(app: FastifyInstance, downloads: Downloads) {
  app.realtime.onConnection((socket) => {
    socket.on(DOWNLOAD_EVENT, async (body, ack) => {
      if (typeof ack !== 'function') return;
      try {
        const caller = await app.authenticateToken(String(socket.handshake.auth.token));
        assertMfaSettled(caller);
        ack(await downloads.request(caller, body));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) {
          ack({ status: 401, message: UNAUTHORIZED });
          socket.disconnect(true);
          return;
        }
        if (error instanceof HttpError && error.statusCode === 403) {
          ack({ status: 403, message: error.message });
          return;
        }
        app.log.error({ err: error }, 'download request failed');
        ack({ status: 400, message: 'The download could not be started' });
      }
    });
  });
}

/** GET and DELETE /admin/downloads: the signed-in admin's own downloads (registered under /admin). */
export async function downloadListRoutes(admin: FastifyInstance, options: { downloads: Downloads }) {
  const routes = admin.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/downloads',
    adminRoute('downloads', 'self', { response: { 200: downloadListSchema } }),
    async (request) => ({ downloads: await options.downloads.list(request.caller!.id) }),
  );
  routes.delete(
    '/downloads/:pk',
    adminRoute('downloads', 'self', {
      params: z.object({ pk: z.string().uuid('must be a download key') }),
      response: { 200: messageBodySchema },
    }),
    async (request) => {
      if (!(await options.downloads.remove(request.caller!.id, request.params.pk)))
        throw notFound('download');
      return { message: 'Download removed' };
    },
  );
}

/**
 * GET /downloads/{pk}/{file}?Expires&Signature: the file of a signed link, to whoever holds it,
 * until it expires (403 for a link that was not signed here, 410 once expired, 404 once removed).
 */
export async function downloadFileRoutes(
  app: FastifyInstance,
  options: { downloads: Downloads; signer: LinkSigner },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/downloads/:pk/:file',
    {
      schema: {
        hide: true,
        params: z.object({ pk: z.string().uuid('must be a download key'), file: z.string().max(200) }),
        querystring: z.object({
          Expires: z.coerce.number({ message: 'must be a number of seconds' }).int(),
          Signature: z.string().max(100),
        }),
      },
    },
    async (request, reply) => {
      const { pk, file } = request.params;
      const verdict = options.signer.check(pk, file, request.query.Expires, request.query.Signature);
      if (verdict === 'forged') throw new HttpError(403, 'This download link is not valid');
      if (verdict === 'expired') throw new HttpError(410, 'This download link has expired');
      const found = await options.downloads.fileOf(pk);
      if (!found || found.name !== file) throw notFound('download');
      const size = await stat(found.path).then(
        (stats) => stats.size,
        () => undefined,
      );
      if (size === undefined) throw notFound('download');
      const type = found.name.slice(found.name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      return reply
        .header('content-type', CONTENT_TYPES[type] ?? 'application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${found.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(found.path));
    },
  );
}
