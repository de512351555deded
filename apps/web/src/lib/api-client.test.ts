import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_ERRORS, STORAGE_KEYS } from '@roam/contract/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { apiRequest, configureApiClient } from './api-client';
import { ApiError } from './api-error';
import { getForbiddenMessage } from './forbidden-store';
import { storeTokens } from './session';

/** These tests are about the transport (tokens, refresh, errors), not the answers' shapes. */
const TRANSPORT_ONLY = { checksContract: false };

const unauthorized = () =>
  jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Token expired' });

function signIn(access = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem(STORAGE_KEYS.token, access);
  localStorage.setItem(STORAGE_KEYS.refresh, refresh);
  localStorage.setItem(STORAGE_KEYS.expiresIn, '900');
}

/** A resource that accepts only the current access token. */
function protectedResource(validToken: () => string) {
  return ({ headers }: { headers: Headers }) =>
    headers.get('authorization') === `Bearer ${validToken()}`
      ? jsonResponse(200, { ok: true })
      : unauthorized();
}

describe('apiRequest', () => {
  const onSessionEnded = vi.fn();

  beforeEach(() => {
    onSessionEnded.mockReset();
    configureApiClient({ onSessionEnded });
  });
  afterEach(() => configureApiClient({}));

  it('sends the bearer token and the access_type of the module', async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        'GET /admin/analytics/allcount': () => jsonResponse(200, { usercount: 1 }),
      },
      TRANSPORT_ONLY,
    );

    await apiRequest('/admin/analytics/allcount', { accessType: 'analytics', query: { skip: 0, city: '' } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/analytics/allcount?skip=0&access_type=analytics');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer old-access');
  });

  it('on a 401 refreshes once, stores the new tokens and retries the request once', async () => {
    signIn();
    const refreshBodies: unknown[] = [];
    const fetchMock = mockFetch(
      {
        'GET /admin/me': protectedResource(() => 'new-access'),
        'POST /auth/token': ({ body }) => {
          refreshBodies.push(body);
          return jsonResponse(200, {
            access_token: 'new-access',
            refresh_token: 'new-refresh',
            expires_in: 600,
          });
        },
      },
      TRANSPORT_ONLY,
    );

    await expect(apiRequest('/admin/me')).resolves.toEqual({ ok: true });

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/admin/me', '/auth/token', '/admin/me']);
    expect(refreshBodies).toEqual([{ grant_type: 'refresh_token', refresh_token: 'old-refresh' }]);
    const retryHeaders = new Headers(fetchMock.mock.calls[2]![1]?.headers);
    expect(retryHeaders.get('authorization')).toBe('Bearer new-access');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('new-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.expiresIn)).toBe('600');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('retries only once: a 401 after the refresh is the answer', async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        'GET /admin/me': unauthorized,
        'POST /auth/token': () =>
          jsonResponse(200, { access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 600 }),
      },
      TRANSPORT_ONLY,
    );

    await expect(apiRequest('/admin/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/admin/me', '/auth/token', '/admin/me']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        'GET /admin/me': protectedResource(() => 'new-access'),
        'GET /admin/analytics/allcount': protectedResource(() => 'new-access'),
        'POST /auth/token': async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return jsonResponse(200, {
            access_token: 'new-access',
            refresh_token: 'new-refresh',
            expires_in: 600,
          });
        },
      },
      TRANSPORT_ONLY,
    );

    const results = await Promise.all([
      apiRequest('/admin/me'),
      apiRequest('/admin/analytics/allcount'),
      apiRequest('/admin/me'),
    ]);

    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/auth/token')).toHaveLength(1);
  });

  it('clears local storage and ends the session when the refresh token is refused', async () => {
    signIn();
    localStorage.setItem('something-else', 'kept by nobody');
    const fetchMock = mockFetch(
      {
        'GET /admin/me': unauthorized,
        'POST /auth/token': () =>
          jsonResponse(400, {
            error: { message: AUTH_ERRORS.invalidRefreshToken },
            message: 'Invalid refresh token',
          }),
      },
      TRANSPORT_ONLY,
    );

    const failure = apiRequest('/admin/me');

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(localStorage.length).toBe(0);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/admin/me', '/auth/token']);
  });

  describe('a call that replaces the session (turning two-factor sign-in off) beside a refused token', () => {
    // The server ends the account's sessions and answers the call new tokens: a request sent with
    // the old token meanwhile is refused, and so is its refresh (the ended session's).
    const changed = { access_token: 'changed-access', refresh_token: 'changed-refresh', expires_in: 900 };
    const refusedRefresh = () => jsonResponse(400, { error: { message: AUTH_ERRORS.invalidRefreshToken } });

    function setUp(order: 'change answered first' | 'refresh refused first') {
      let answerChange = () => {};
      const changeAnswered = new Promise<Response>((resolve) => {
        answerChange = () => resolve(jsonResponse(200, changed));
      });
      const fetchMock = mockFetch(
        {
          'DELETE /auth/mfa': () => changeAnswered,
          'GET /admin/me': protectedResource(() => 'changed-access'),
          'POST /auth/token': async () => {
            if (order === 'change answered first') {
              answerChange();
              await changeAnswered;
              await new Promise((resolve) => setTimeout(resolve, 5));
              return refusedRefresh();
            }
            setTimeout(answerChange, 20);
            return refusedRefresh();
          },
        },
        TRANSPORT_ONLY,
      );
      return fetchMock;
    }

    for (const order of ['change answered first', 'refresh refused first'] as const) {
      it(`keeps the new tokens and asks again with them (${order})`, async () => {
        signIn();
        const fetchMock = setUp(order);

        const change = apiRequest('/auth/mfa', { method: 'DELETE', replacesSession: true });
        const me = apiRequest('/admin/me');

        await expect(me).resolves.toEqual({ ok: true });
        await expect(change).resolves.toEqual(changed);
        expect(onSessionEnded).not.toHaveBeenCalled();
        expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('changed-access');
        expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('changed-refresh');
        const asked = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
        expect(asked).toEqual(['DELETE /auth/mfa', 'GET /admin/me', 'POST /auth/token', 'GET /admin/me']);
      });
    }

    it('ends the session when the call is refused (a wrong code): nothing replaced it', async () => {
      signIn();
      mockFetch(
        {
          'DELETE /auth/mfa': async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            return jsonResponse(400, { message: 'code: That code is not right' });
          },
          'GET /admin/me': unauthorized,
          'POST /auth/token': refusedRefresh,
        },
        TRANSPORT_ONLY,
      );

      const change = apiRequest('/auth/mfa', { method: 'DELETE', replacesSession: true });
      await expect(apiRequest('/admin/me')).rejects.toMatchObject({ status: 401 });
      await expect(change).rejects.toMatchObject({ status: 400 });
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });

    it("waits for no call of its own: the call's expired token is refreshed and the call asked again", async () => {
      signIn();
      mockFetch(
        {
          'DELETE /auth/mfa': ({ headers }) =>
            headers.get('authorization') === 'Bearer refreshed-access'
              ? jsonResponse(200, changed)
              : unauthorized(),
          'POST /auth/token': () =>
            jsonResponse(200, {
              access_token: 'refreshed-access',
              refresh_token: 'refreshed',
              expires_in: 900,
            }),
        },
        TRANSPORT_ONLY,
      );

      await expect(apiRequest('/auth/mfa', { method: 'DELETE', replacesSession: true })).resolves.toEqual(
        changed,
      );
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('changed-access');
    });
  });

  it('does not store a refresh that answers after newer tokens were stored', async () => {
    signIn();
    mockFetch(
      {
        'GET /admin/me': protectedResource(() => 'changed-access'),
        'POST /auth/token': async () => {
          storeTokens({ access_token: 'changed-access', refresh_token: 'changed-refresh', expires_in: 900 });
          return jsonResponse(200, {
            access_token: 'old-session',
            refresh_token: 'old-session',
            expires_in: 900,
          });
        },
      },
      TRANSPORT_ONLY,
    );

    await expect(apiRequest('/admin/me')).resolves.toEqual({ ok: true });

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('changed-access');
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('changed-refresh');
  });

  it('ends the session once when several requests fail to refresh together', async () => {
    signIn();
    mockFetch(
      {
        'GET /admin/me': unauthorized,
        'POST /auth/token': () => jsonResponse(400, { error: { message: AUTH_ERRORS.invalidRefreshToken } }),
      },
      TRANSPORT_ONLY,
    );

    const outcomes = await Promise.allSettled([apiRequest('/admin/me'), apiRequest('/admin/me')]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("leaves a call's own 401 alone (a wrong current password)", async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        'POST /auth/password': () =>
          jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Incorrect password' }),
      },
      TRANSPORT_ONLY,
    );

    await expect(
      apiRequest('/auth/password', {
        method: 'POST',
        json: { currentPassword: 'a', newPassword: 'b' },
        isOwnUnauthorized: (error) => error.message === 'Incorrect password',
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Incorrect password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('old-access');
  });

  it('shows the Unauthorized Access popup for a forbidden change, not for a forbidden load', async () => {
    signIn();
    const forbidden = () =>
      jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'You may not change cities' });
    mockFetch({ 'GET /admin/city': forbidden, 'PUT /admin/city/toggle/1': forbidden }, TRANSPORT_ONLY);

    await expect(apiRequest('/admin/city')).rejects.toMatchObject({ status: 403, isHandled: false });
    expect(getForbiddenMessage()).toBeNull();

    await expect(apiRequest('/admin/city/toggle/1', { method: 'PUT' })).rejects.toMatchObject({
      status: 403,
      isHandled: true,
    });
    expect(getForbiddenMessage()).toBe('You may not change cities');
  });

  it('reads the error code from either form of error body', async () => {
    mockFetch(
      {
        'POST /auth/signin': () =>
          jsonResponse(401, { statusCode: 401, error: 'INVALID_LOGIN_CREDENTIALS', message: 'Wrong' }),
        'GET /auth/password-reset': () => jsonResponse(400, { error: { message: 'EXPIRED_OOB_CODE' } }),
      },
      TRANSPORT_ONLY,
    );

    await expect(
      apiRequest('/auth/signin', { method: 'POST', isAuthenticated: false }),
    ).rejects.toMatchObject({
      code: 'INVALID_LOGIN_CREDENTIALS',
      message: 'Wrong',
    });
    await expect(apiRequest('/auth/password-reset', { isAuthenticated: false })).rejects.toMatchObject({
      status: 400,
      code: 'EXPIRED_OOB_CODE',
    });
  });
});

describe("the signed-in admin asked for by the page's first script", () => {
  /** public/first-paint.js, run as the page runs it before the panel's code arrives. */
  const runFirstPaint = () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    new Function(readFileSync(path.resolve(import.meta.dirname, '../../public/first-paint.js'), 'utf8'))();
  };
  const onSessionEnded = vi.fn();
  const tokensSent = (fetchMock: ReturnType<typeof mockFetch>) =>
    fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));

  beforeEach(() => configureApiClient({ onSessionEnded }));
  afterEach(async () => {
    // A visitor's page asks for its start files after a frame, then a task (first-paint.js, where
    // paints are not reported): let that ask run before the next test, or the file's end.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    configureApiClient({});
    window.roamEarlyResponses = undefined;
    document.documentElement.removeAttribute('data-signed-in');
  });

  it("is the answer to the panel's first ask, taken once: the next ask goes to the server", async () => {
    signIn();
    let answers = 0;
    const fetchMock = mockFetch(
      { 'GET /admin/me': () => jsonResponse(200, { answer: ++answers }) },
      TRANSPORT_ONLY,
    );
    runFirstPaint();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(tokensSent(fetchMock)).toEqual(['Bearer old-access']);

    await expect(apiRequest('/admin/me')).resolves.toEqual({ answer: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/admin/me')).resolves.toEqual({ answer: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken once the token has changed, and a 401 is refreshed and asked again as any answer', async () => {
    signIn();
    const fetchMock = mockFetch(
      {
        'GET /admin/me': protectedResource(() => 'new-access'),
        'POST /auth/token': () =>
          jsonResponse(200, { access_token: 'new-access', refresh_token: 'new-refresh', expires_in: 900 }),
      },
      TRANSPORT_ONLY,
    );
    runFirstPaint();
    await expect(apiRequest('/admin/me')).resolves.toEqual({ ok: true });
    // The early answer (old token, 401), then the refresh, then the request with the new token.
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`)).toEqual([
      'GET /admin/me',
      'POST /auth/token',
      'GET /admin/me',
    ]);

    // Asked with new-access, but the panel asks with another token: its own request goes out.
    runFirstPaint();
    localStorage.setItem(STORAGE_KEYS.token, 'newer-access');
    await expect(apiRequest('/admin/me')).resolves.toEqual({ ok: true });
    expect(tokensSent(fetchMock).slice(3)).toEqual([
      'Bearer new-access',
      'Bearer newer-access',
      null,
      'Bearer new-access',
    ]);
  });

  it("asks for a list page's first page too when the page is one the build names, opened without a search", async () => {
    signIn();
    const request = '/admin/city?skip=0&limit=20&status=All&access_type=cityManagement';
    document.body.insertAdjacentHTML(
      'beforeend',
      `<template data-page="/cities" data-request="${request.replaceAll('&', '&amp;')}"></template>`,
    );
    const fetchMock = mockFetch(
      {
        'GET /admin/me': () => jsonResponse(200, { me: true }),
        'GET /admin/city': () => jsonResponse(200, { cities: [] }),
      },
      TRANSPORT_ONLY,
    );
    try {
      window.history.pushState({}, '', '/cities?status=ACTIVE');
      runFirstPaint();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/admin/me']);

      // Asked for at once, with the start's and the shell's files.
      window.history.pushState({}, '', '/cities');
      runFirstPaint();
      expect(fetchMock.mock.calls.map(([url]) => url).slice(1)).toEqual(['/admin/me', request]);
      expect(tokensSent(fetchMock).slice(1)).toEqual(['Bearer old-access', 'Bearer old-access']);
      await expect(
        apiRequest('/admin/city', {
          query: { skip: 0, limit: 20, status: 'All' },
          accessType: 'cityManagement',
        }),
      ).resolves.toEqual({ cities: [] });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      window.history.pushState({}, '', '/');
      document.body.innerHTML = '';
    }
  });

  it("asks for a detail page's item with the id its address gives, an id of letters, digits and dashes", () => {
    signIn();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<template data-page="/cafedetail/__id__" data-request="/admin/cafe/__id__?access_type=cafeManagement"></template>',
    );
    const fetchMock = mockFetch({}, TRANSPORT_ONLY);
    const asked = () => fetchMock.mock.calls.map(([url]) => url).filter((url) => url !== '/admin/me');
    try {
      for (const odd of ['/cafedetail/a%20b', '/cafedetail/', '/cafedetail/a/b', '/cafedetailx']) {
        window.history.pushState({}, '', odd);
        runFirstPaint();
      }
      expect(asked()).toEqual([]);
      window.history.pushState({}, '', '/cafedetail/7664d5da-83a9');
      runFirstPaint();
      expect(asked()).toEqual(['/admin/cafe/7664d5da-83a9?access_type=cafeManagement']);
    } finally {
      window.history.pushState({}, '', '/');
      document.body.innerHTML = '';
    }
  });

  it('is not asked for by a visitor without a session', () => {
    const fetchMock = mockFetch({}, TRANSPORT_ONLY);
    runFirstPaint();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.roamEarlyResponses).toBeUndefined();
  });
});
