/** An error a handler throws on purpose: the central handler sends its status and message as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Replaces the `error` field of the body (the auth service's codes). */
    readonly code?: string | { message: string },
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'You dont have access') => new HttpError(403, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
