import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the tests (oidc-provider, its development login and consent
 * pages): any login is accepted and names the account, whose email and `email_verified` come from
 * `accounts`. Used by the API's social sign-in tests and the browser tests' server.
 */
export type TestAccounts = Record<string, { email: string; verified: boolean }>;

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
};

export async function startTestProvider(options: {
  redirectUris: string[];
  accounts: TestAccounts;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'roam-admin';
  const clientSecret = 'a-test-client-secret-that-is-long-enough-for-hs256';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: ['roam-test-provider-cookie-key'] },
    findAccount: async (_context, id) => {
      const account = options.accounts[id];
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account?.email ?? `${id}@unknown.test`,
          email_verified: account?.verified ?? false,
          name: id,
        }),
      };
    },
  });
  // Plain HTTP on the loopback is this test provider's own choice; its log stays quiet.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's own pages as a browser would (its login form, then its consent),
 * following redirects with the cookies it sets, until it redirects back to `returnPrefix`: that
 * URL, which carries the authorization code, is returned.
 */
export async function signInAtProvider(start: string, login: string, returnPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = start;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(returnPrefix)) return new URL(url);
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: cookie() },
    });
    remember(response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form at ${url}`);
    // The form's own fields (hidden ones say which prompt it answers), with any login and password.
    body = new URLSearchParams();
    for (const input of html.match(/<input[^>]*>/g) ?? []) {
      const name = input.match(/name="([^"]+)"/)?.[1];
      if (!name) continue;
      const value =
        name === 'login' ? login : name === 'password' ? 'any' : input.match(/value="([^"]*)"/)?.[1];
      body.set(name, value ?? '');
    }
    url = new URL(action, url).href;
  }
  throw new Error('the provider never sent the browser back');
}
