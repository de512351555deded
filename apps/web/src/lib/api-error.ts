/**
 * A non-2xx answer. Bodies are {statusCode, error, message}; the authentication service puts its
 * codes either in `error` (INVALID_LOGIN_CREDENTIALS) or in `error.message` (INVALID_REFRESH_TOKEN,
 * INVALID_OOB_CODE, EXPIRED_OOB_CODE). `code` is that code, whichever form it came in.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  /** True when the client already told the user (the Unauthorized Access popup for a 403). */
  readonly isHandled: boolean;

  constructor(status: number, body: unknown, isHandled = false) {
    const code = readCode(body);
    super(readMessage(body) ?? code ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.isHandled = isHandled;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server refused (any 4xx but 401, which the API client answers with a refresh or a sign-out). */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;
}

/**
 * What a 4xx says of one field: the server starts such a message with the field's name
 * ("code: That code is not right"). Null when the message is not about `field`.
 */
export function fieldMessage(error: ApiError, field: string): string | null {
  const prefix = `${field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : null;
}

function readCode(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const { error } = body;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return undefined;
}

function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body.trim();
  if (isRecord(body) && typeof body.message === 'string' && body.message) return body.message;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
