import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { contentSecurityPolicy } from 'helmet';

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers the panel's own socket (CSP 3: ws and wss to the same host); no other host.
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const API_PATH = /^\/(admin|auth)(\/|\?|$)/;

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Gives this response a fresh style nonce, allowed by its Content-Security-Policy, and returns
     * it: the panel's page hands it to the style tags Mantine injects.
     */
    useStyleNonce: () => string;
  }
}

/**
 * Security headers (DESIGN §7): scripts only from 'self'; styles from 'self', plus a per-response
 * nonce on the panel's page; nosniff everywhere; `Cache-Control: no-store` on every API answer. The header set is built once: an API answer
 * carries no nonce, so nothing is parsed or generated per request.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const headers = helmet({
      contentSecurityPolicy: { directives: DIRECTIVES },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // Answers of the API carry tokens or personal data: never stored by a browser or a proxy.
      if (API_PATH.test(request.url)) reply.header('cache-control', 'no-store');
      headers(request.raw, reply.raw, () => done());
    });

    app.decorateReply('useStyleNonce', function useStyleNonce(this: FastifyReply) {
      const nonce = randomBytes(16).toString('hex');
      const policy = contentSecurityPolicy({
        directives: { ...DIRECTIVES, styleSrc: [...DIRECTIVES.styleSrc, `'nonce-${nonce}'`] },
      });
      policy(this.request.raw, this.raw, () => {});
      return nonce;
    });
  },
  { name: 'security' },
);
