import type { z } from 'zod';
import { ApiError } from './api-error';
import { type AccessType, buildUrl, type QueryValue } from './api-url';
import { takeEarlyResponse } from './early-responses';
import { reportForbidden } from './forbidden-store';
import { clearSession, getAccessToken, getRefreshToken, isSessionTokens, storeTokens } from './session';
import { loadZod } from './zod-loader';

/**
 * The one way the panel talks to the server: same origin, bearer token from local storage.
 *
 * - 401: the access token has expired. Refresh it once (concurrent 401s share one refresh) and
 *   retry the request once. If the refresh fails for any reason, the session is over: local
 *   storage is cleared and the app goes to the sign-in page. Unless the session's tokens were
 *   replaced meanwhile (a call that `replacesSession` answered new ones): then the refused refresh
 *   token was the ended session's, and the request is asked again with the new token.
 * - 403: not allowed. For a change (not a GET) the Unauthorized Access popup shows the server's
 *   message; loads decide for themselves (SPEC §6: 'You dont have access', back to /).
 */

export type { AccessType };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions<T> = {
  method?: Method;
  query?: Record<string, QueryValue>;
  accessType?: AccessType;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body; the browser sets the content type and its boundary. */
  formData?: FormData;
  /** Parses (and types) the success body; zod is loaded for it as the request goes (lib/zod-loader.ts). */
  schema?: z.ZodType<T>;
  /** Or reads it without zod (a first screen's answer: lib/first-answers.ts); throws when it is wrong. */
  read?: (body: unknown) => T;
  /** Send the bearer token and refresh it on 401. False for sign-in and account recovery. */
  isAuthenticated?: boolean;
  /** A 401 this accepts is the call's own answer (a wrong current password), not an expired token. */
  isOwnUnauthorized?: (error: ApiError) => boolean;
  /**
   * The answer carries the session's new tokens (the server ended the account's sessions: turning
   * two-factor sign-in on or off, a new password): stored as it arrives, and a refresh refused while
   * it is under way waits for it rather than ending the session.
   */
  replacesSession?: boolean;
  /** Show the Unauthorized Access popup on 403; by default for every method but GET. */
  showForbidden?: boolean;
  signal?: AbortSignal;
};

type ApiClientHandlers = {
  /** Called once when the session could not be refreshed, after local storage was cleared. */
  onSessionEnded: () => void;
  onForbidden: (message: string) => void;
};

const defaultHandlers: ApiClientHandlers = {
  onSessionEnded: () => window.location.assign('/'),
  onForbidden: reportForbidden,
};
let handlers = defaultHandlers;

/** The app plugs in its router here, so that the end of a session is a client-side navigation. */
export function configureApiClient(next: Partial<ApiClientHandlers>): void {
  handlers = { ...defaultHandlers, ...next };
}

let requestsUnderWay = 0;
const onSettled = new Set<() => void>();

/**
 * Runs `run` once none of the panel's requests is under way (at once when none is); answers a
 * cancel. What can come after the page's own data (a popup's code, the downloads badge) waits for
 * it rather than sharing a phone's connection with it.
 */
export function whenRequestsSettled(run: () => void): () => void {
  if (requestsUnderWay === 0) {
    run();
    return () => {};
  }
  const once = () => {
    onSettled.delete(once);
    run();
  };
  onSettled.add(once);
  return () => onSettled.delete(once);
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  requestsUnderWay += 1;
  try {
    return await request(path, options);
  } finally {
    requestsUnderWay -= 1;
    if (requestsUnderWay === 0) for (const run of [...onSettled]) run();
  }
}

async function request<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { isAuthenticated = true } = options;
  const zodLoaded = options.schema ? loadZod() : undefined;
  // Awaited before the parse; a request that fails first leaves it unread, not unhandled.
  zodLoaded?.catch(() => {});
  const sentToken = isAuthenticated ? getAccessToken() : null;
  let answer = await exchange(path, options, sentToken);

  if (answer.response.status === 401 && isAuthenticated) {
    const error = new ApiError(401, answer.body);
    if (options.isOwnUnauthorized?.(error)) throw error;
    const isRefreshed = await refreshAfterUnauthorized(sentToken);
    if (!isRefreshed) throw error;
    answer = await exchange(path, options, getAccessToken());
  }

  const { response, body } = answer;
  if (!response.ok) {
    const method = options.method ?? 'GET';
    const showForbidden = response.status === 403 && (options.showForbidden ?? method !== 'GET');
    const error = new ApiError(response.status, body, showForbidden);
    if (showForbidden) handlers.onForbidden(error.message);
    throw error;
  }
  if (options.read) return options.read(body);
  if (!options.schema) return body as T;
  await zodLoaded;
  return options.schema.parse(body);
}

type Answer = { response: Response; body: unknown };

/** The exchanges under way whose answer may be the session's new tokens (`replacesSession`). */
const sessionReplacements = new Set<Promise<Answer>>();

/**
 * One ask and its answer's body; the session's new tokens, when the call replaces the session, are
 * stored before anything else sees the answer. A refresh waits only for the exchange, never for
 * the call's own refresh and second ask.
 */
function exchange<T>(path: string, options: RequestOptions<T>, token: string | null): Promise<Answer> {
  const exchanged = send(path, options, token).then(async (response) => {
    const body = await readBody(response);
    if (options.replacesSession && response.ok && isSessionTokens(body)) storeTokens(body);
    return { response, body };
  });
  if (options.replacesSession) {
    sessionReplacements.add(exchanged);
    const forget = () => sessionReplacements.delete(exchanged);
    exchanged.then(forget, forget);
  }
  return exchanged;
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Refreshes the access token unless another request already did since `sentToken` was read; every
 * request that hits a 401 while a refresh is under way waits for that same refresh. False when the
 * session is over (local storage cleared, `onSessionEnded` called). The realtime connection calls
 * it too, when its handshake or a request over it is refused.
 */
export function refreshAfterUnauthorized(sentToken: string | null): Promise<boolean> {
  const currentToken = getAccessToken();
  if (refreshInFlight) return refreshInFlight;
  if (currentToken && currentToken !== sentToken) return Promise.resolve(true);
  refreshInFlight = refreshTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function refreshTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  // Tokens a call that replaces the session stored while this refresh was under way: the refresh
  // token sent here was the ended session's, so its refusal ends nothing, and its success is older
  // than what is stored. The request is asked again with the stored token.
  const isReplaced = () => getRefreshToken() !== refreshToken && Boolean(getAccessToken());
  try {
    if (!refreshToken) throw new Error('No refresh token');
    const response = await fetch('/auth/token', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    const tokens = await readBody(response);
    if (!isSessionTokens(tokens)) throw new Error('Malformed token response');
    if (!isReplaced()) storeTokens(tokens);
    return true;
  } catch {
    await Promise.allSettled(sessionReplacements);
    if (isReplaced()) return true;
    // INVALID_REFRESH_TOKEN (unknown, expired, revoked or reused) or anything else: the session is over.
    clearSession();
    handlers.onSessionEnded();
    return false;
  }
}

function send<T>(path: string, options: RequestOptions<T>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const url = buildUrl(path, options);
  const method = options.method ?? 'GET';
  const early = method === 'GET' && body === undefined ? takeEarlyResponse(url, token) : undefined;
  if (early) return early;
  return fetch(url, {
    method,
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
