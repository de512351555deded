import { vi } from 'vitest';
import { contractAnswerSchema } from './contract-answers';

/** A request as the fake server sees it. */
export type FakeRequest = { method: string; path: string; url: string; headers: Headers; body: unknown };
export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fixture the contract refuses fails the test where it is answered, naming what is wrong. */
async function checkAgainstContract(method: string, path: string, response: Response) {
  const schema = contractAnswerSchema(method, path, response.status);
  if (!schema || !response.headers.get('content-type')?.includes('json')) return;
  const result = schema.safeParse(await response.clone().json());
  if (!result.success) {
    throw new Error(`The fake answer to ${method} ${path} breaks the contract: ${result.error.message}`);
  }
}

/**
 * Replaces the global fetch with a fake server: `routes` maps 'METHOD /path' (no query string) to a
 * handler; anything else answers 404. Every answer is checked against the contract's schema for
 * that call (test/contract-answers.ts), unless the test is about the transport itself
 * (`checksContract: false`). Returns the mock, whose calls the tests can inspect.
 */
export function mockFetch(routes: Record<string, FakeHandler>, { checksContract = true } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const headers = new Headers(init?.headers);
    const rawBody = init?.body;
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
    const handler = routes[`${method} ${path}`];
    if (!handler) return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
    const response = await handler({ method, path, url, headers, body });
    if (checksContract) await checkAgainstContract(method, path, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
