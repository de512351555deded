import { rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import { SOCKET_PATH } from '@roam/contract/socket';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readTlsFiles, type TlsFiles } from './config';
import { createTestCertificate, type TestCertificate } from './test-support/certificate';
import { createAccount, createTestApp, signIn, type TestContext } from './test-support/test-app';

/**
 * TLS_CERT and TLS_KEY (DESIGN §3): the server speaks HTTPS, HTTP/2 to a client that offers it and
 * HTTP/1.1 to one that does not, and carries the socket; files that cannot serve are refused at
 * start with the variable named.
 */

let files: TestCertificate;
let tls: TlsFiles;
let context: TestContext;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  files = await createTestCertificate();
  const config = loadConfig({ TLS_CERT: files.certFile, TLS_KEY: files.keyFile });
  if (!config.tls) throw new Error('no TLS settings read');
  tls = readTlsFiles(config.tls);
  context = await createTestApp({}, { tls });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `https://127.0.0.1:${address.port}`;
  token = (await signIn(context, await createAccount(context))).access_token;
}, 60_000);

afterAll(async () => {
  await context?.close();
  rmSync(files.dir, { recursive: true, force: true });
});

describe('the server over TLS', () => {
  it('answers HTTP/2 to a client that offers it', async () => {
    const session = http2.connect(baseUrl, { ca: tls.cert });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/admin/me', authorization: `Bearer ${token}` });
        let body = '';
        let status = 0;
        stream.setEncoding('utf8');
        stream.on('response', (headers) => {
          status = Number(headers[':status']);
        });
        stream.on('data', (chunk: string) => {
          body += chunk;
        });
        stream.on('end', () => resolve({ status, body }));
        stream.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('role_type', 'admin');
    } finally {
      session.close();
    }
  });

  it('answers HTTP/1.1 to a client that does not', async () => {
    const answer = await new Promise<{ version: string; status: number; body: string }>((resolve, reject) => {
      const request = https.get(`${baseUrl}/healthz`, { ca: tls.cert, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ version: response.httpVersion, status: response.statusCode ?? 0, body }),
        );
      });
      request.on('error', reject);
    });
    expect(answer).toEqual({ version: '1.1', status: 200, body: JSON.stringify({ status: 'ok' }) });
  });

  it('carries the socket, a websocket over TLS', async () => {
    const socket = io(baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      ca: tls.cert.toString(),
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a certificate nobody signed for it', async () => {
    const error = await new Promise<Error>((resolve) => {
      https.get(`${baseUrl}/healthz`, { agent: false }).on('error', resolve);
    });
    expect(error.message).toMatch(/self-signed|certificate/i);
  });
});

describe('TLS settings', () => {
  it('wants both files or neither, and makes the default address https', () => {
    expect(() => loadConfig({ TLS_CERT: 'cert.pem' })).toThrow(/TLS_CERT and TLS_KEY: set both or neither/);
    expect(loadConfig({ TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem', PORT: '8443' }).publicUrl).toBe(
      'https://localhost:8443',
    );
    expect(loadConfig({}).tls).toBeUndefined();
  });

  it('names the file that cannot be read', () => {
    const missing = path.join(files.dir, 'missing.pem');
    expect(() => readTlsFiles({ certFile: missing, keyFile: files.keyFile })).toThrow(
      new ConfigError([`TLS_CERT: cannot read ${missing} (ENOENT)`]),
    );
  });

  it('refuses a key that is not the certificate’s, or a file that is not PEM', async () => {
    const other = await createTestCertificate();
    try {
      expect(() => readTlsFiles({ certFile: files.certFile, keyFile: other.keyFile })).toThrow(
        /TLS_CERT and TLS_KEY: not a certificate and its private key in PEM/,
      );
    } finally {
      rmSync(other.dir, { recursive: true, force: true });
    }
    expect(() => readTlsFiles({ certFile: files.keyFile, keyFile: files.keyFile })).toThrow(
      /TLS_CERT and TLS_KEY: not a certificate and its private key in PEM/,
    );
  });
});
