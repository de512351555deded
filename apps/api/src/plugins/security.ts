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
/** The panel's built files, named by their content: scripts and stylesheets, never a page. */
const ASSET_PATH = /^\/assets\//;
/**
 * What a script or a stylesheet's answer needs of helmet's headers: no sniffing its type, no
 * reading it from another site, HTTPS only. The rest (the CSP, framing, the opener, the referrer)
 * apply to a page and its workers, which no built file is; sent with each of the 15 to 20 files a
 * page fetches they cost a phone about 600 bytes a file.
 */
const ASSET_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Gives this response a fresh style nonce, allowed by its Content-Security-Policy, and returns
     * it: the panel's page hands it to the style tags Mantine injects. The page's own inline
     * scripts are allowed by their hashes (`'sha256-…'`), fixed for a build.
     */
    usePageNonce: (inlineScriptHashes?: readonly string[]) => string;
  }
}

type Middleware = (req: never, res: HeaderRecorder, next: (error?: unknown) => void) => void;
type HeaderRecorder = {
  headers: Record<string, string>;
  setHeader: (name: string, value: string) => void;
  removeHeader: (name: string) => void;
};

/** The headers a helmet middleware sets, recorded once (they depend on nothing in the request). */
function headersOf(middleware: Middleware): Record<string, string> {
  const recorder: HeaderRecorder = {
    headers: {},
    setHeader(name, value) {
      this.headers[name.toLowerCase()] = value;
    },
    removeHeader(name) {
      delete this.headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware(undefined as never, recorder, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return recorder.headers;
}

const policyOf = (directives: typeof DIRECTIVES) =>
  headersOf(contentSecurityPolicy({ directives }) as unknown as Middleware)['content-security-policy']!;

/**
 * Security headers (DESIGN §7): scripts only from 'self', plus the panel page's own inline script
 * by its hash; styles from 'self', plus a per-response nonce on the panel's page; nosniff
 * everywhere; `Cache-Control: no-store` on every API answer; a built file gets only the headers a
 * script or a stylesheet needs (`ASSET_HEADERS`).
 * Helmet's headers are recorded once, at start, and each answer gets them as one set of reply
 * headers: nothing is parsed, generated or run through helmet's middlewares per request.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance) {
    const headers = headersOf(
      helmet({
        contentSecurityPolicy: { directives: DIRECTIVES },
        crossOriginEmbedderPolicy: false,
      }) as unknown as Middleware,
    );
    const apiHeaders = { ...headers, 'cache-control': 'no-store' };
    const assetHeaders = Object.fromEntries(ASSET_HEADERS.map((name) => [name, headers[name]!]));
    app.addHook('onRequest', (request, reply, done) => {
      // Answers of the API carry tokens or personal data: never stored by a browser or a proxy.
      if (API_PATH.test(request.url)) reply.headers(apiHeaders);
      else reply.headers(ASSET_PATH.test(request.url) ? assetHeaders : headers);
      done();
    });

    app.decorateReply(
      'usePageNonce',
      function usePageNonce(this: FastifyReply, inlineScriptHashes: readonly string[] = []) {
        const nonce = randomBytes(16).toString('hex');
        this.header(
          'content-security-policy',
          policyOf({
            ...DIRECTIVES,
            scriptSrc: [...DIRECTIVES.scriptSrc, ...inlineScriptHashes.map((hash) => `'${hash}'`)],
            styleSrc: [...DIRECTIVES.styleSrc, `'nonce-${nonce}'`],
          }),
        );
        return nonce;
      },
    );
  },
  { name: 'security' },
);
