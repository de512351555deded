import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app';
import { createDemoTestApp, type TestContext } from '../test-support/test-app';

/**
 * A property-based fuzz over the server's own route table (issue 17, DESIGN §4: bad input never
 * yields a 500): every route, as the admin and without a token, with its path parameters, query
 * fields and body fields filled with generated and hostile values. No answer is 5xx, and none
 * carries a stack trace or SQL. A route a feature adds is fuzzed as soon as it is registered.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);

const HOSTILE = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\u0000@b.co',
  'admin@roam.local\u0007',
  '\ud800',
  '\udfff',
  '\u202e',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '2024-02-30',
  '9999-12-31',
  'ALL',
  'DELETED',
  '00000000-0000-4000-8000-000000000000',
  '[]',
  '{}',
  'null',
  'true',
  'x'.repeat(5000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
/** JSON values for bodies: strings above, numbers at the edges, nested junk, a 1 MB string. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, { __proto__: { isAdmin: true } }, ['x']) },
  { weight: 1, arbitrary: fc.constant('y'.repeat(1024 * 1024)) },
);

type Request = { url: string; payload?: unknown };

/** Percent-encodes anything, a lone surrogate included (as the bytes a careless client would send). */
function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

function requestFor(route: RouteEntry): fc.Arbitrary<Request> {
  const params = route.url.match(/:[A-Za-z_]+/g) ?? [];
  return fc
    .record({
      params: fc.array(hostileString, { minLength: params.length, maxLength: params.length }),
      query: fc.dictionary(fc.constantFrom(...route.fields.query, 'extra', '__proto__'), hostileString, {
        maxKeys: 4,
      }),
      body: fc.dictionary(fc.constantFrom(...route.fields.body, 'extra', 'constructor'), hostileJson, {
        maxKeys: 4,
      }),
    })
    .map(({ params: values, query, body }) => {
      let url = route.url;
      params.forEach((name, index) => {
        url = url.replace(name, encodeAny(values[index] ?? 'x') || 'x');
      });
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) search.append(key, value);
      const text = search.toString();
      return {
        url: text ? `${url}?${text}` : url,
        payload: ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) ? body : undefined,
      };
    });
}

let context: TestContext;
let adminHeaders: Record<string, string>;
let requests = 0;

beforeAll(async () => {
  const demo = await createDemoTestApp(60);
  context = demo.context;
  adminHeaders = demo.headers;
});
afterAll(async () => {
  console.info(`fuzz: ${requests} requests, no answer >= 500`);
  await context?.close();
});

const LEAKS = [/\n\s+at /, /\bselect\b.+\bfrom\b/i, /\binsert into\b/i, /node_modules/, /\.ts:\d+/];

/** One request per route, field and hostile value, the other fields left valid-looking or empty. */
function sweep(route: RouteEntry): Request[] {
  const params = route.url.match(/:[A-Za-z_]+/g) ?? [];
  const withParams = (value?: { name: string; text: string }) =>
    params.reduce(
      (url, name) =>
        url.replace(
          name,
          encodeAny(value?.name === name ? value.text : '00000000-0000-4000-8000-000000000000'),
        ),
      route.url,
    );
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const requests: Request[] = [];
  for (const text of HOSTILE.filter((value) => value.length < 1000)) {
    for (const name of params) requests.push({ url: withParams({ name, text }) });
    for (const field of route.fields.query) {
      requests.push({ url: `${withParams()}?${new URLSearchParams({ [field]: text })}` });
    }
    if (hasBody) {
      for (const field of route.fields.body) requests.push({ url: withParams(), payload: { [field]: text } });
    }
  }
  return requests;
}

describe('fuzz over the route table', () => {
  it('every hostile value in every field of every route, as the admin: no 5xx, no leak', async () => {
    const routes = context.app.routeTable.filter(
      (route) => route.url !== '/*' && !route.url.startsWith('/docs'),
    );
    for (const route of routes) {
      for (const request of sweep(route)) {
        requests++;
        const response = await context.app.inject({
          method: route.method as 'GET',
          url: request.url,
          headers: adminHeaders,
          ...(request.payload === undefined ? {} : { payload: request.payload as object }),
        });
        const label = `${route.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.payload ?? '').slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        for (const leak of LEAKS) expect(response.body, label).not.toMatch(leak);
      }
    }
  }, 600_000);

  it('no route answers 5xx or leaks a stack or SQL, as the admin or without a token', async () => {
    // Sign-out and the sign-in throttle would only count: they are fuzzed like the rest, but last.
    const routes = context.app.routeTable.filter(
      (route) => route.url !== '/*' && !route.url.startsWith('/docs'),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), fc.boolean(), async (request, asAdmin) => {
          requests++;
          const response = await context.app.inject({
            method: route.method as 'GET',
            url: request.url,
            headers: asAdmin ? adminHeaders : {},
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });
          const label = `${route.method} ${request.url.slice(0, 200)} ${asAdmin ? 'as admin' : 'without a token'}`;
          expect(response.statusCode, label).toBeLessThan(500);
          for (const leak of LEAKS) expect(response.body, label).not.toMatch(leak);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
      );
    }
  }, 600_000);
});
