/**
 * Answers the page asked for before the panel's code arrived: public/first-paint.js, the page's
 * first script, asks a signed-in admin's page for GET /admin/me with the stored token at once
 * (every signed-in page waits for it before it asks for its own data), and on a page the build
 * names (app/routes/early-requests.ts: a list, a detail page, a user's profile) opened without a
 * search for its first data, and leaves each answer here under its URL. The API client takes it
 * for its own first ask of that URL, once, and only if the token is still the one it was asked
 * with; any later ask goes to the server.
 */
type EarlyResponse = { token: string | null; response: Promise<Response> };

declare global {
  interface Window {
    roamEarlyResponses?: Record<string, EarlyResponse | undefined>;
  }
}

export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = window.roamEarlyResponses?.[url];
  if (!early) return undefined;
  window.roamEarlyResponses![url] = undefined;
  return early.token === token ? early.response : undefined;
}
