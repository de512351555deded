import { rmSync } from 'node:fs';
import http2 from 'node:http2';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCertificate } from './test-support/certificate';
import {
  PROCESS_ADMIN,
  type ServerProcess,
  signInProcess,
  startServerProcess,
  stopServerProcesses,
} from './test-support/server-process';

/**
 * SIGTERM under load, on a real server process (issue 17 item 2, DESIGN §7): 20 clients streaming
 * list calls and an upload whose body is still arriving; the signal goes to the server, to the
 * `npm start` process, or to the whole process group. Every request started before the signal
 * completes with 200, later ones get 503 or a refused connection, and the process exits 0.
 */
afterEach(async () => {
  await stopServerProcesses();
});

/** What the server answers, once draining, to a request it had not yet read. */
const DRAINING_MESSAGE = 'The server is restarting, retry shortly';

type Outcome = { startedAt: number; endedAt?: number; status?: number; message?: string; error?: string };

async function underLoad(running: ServerProcess, signal: () => void) {
  const headers = await signInProcess(running.baseUrl);
  const outcomes: Outcome[] = [];
  let isStopped = false;

  const client = async () => {
    while (!isStopped) {
      const outcome: Outcome = { startedAt: performance.now() };
      outcomes.push(outcome);
      try {
        const response = await fetch(`${running.baseUrl}/admin/city?limit=5`, { headers });
        const body = await response.text();
        outcome.endedAt = performance.now();
        outcome.status = response.status;
        if (response.status === 503) {
          outcome.message = (JSON.parse(body) as { message?: string }).message;
          return;
        }
      } catch (error) {
        outcome.error = error instanceof Error ? String(error.cause ?? error.message) : String(error);
        return;
      }
    }
  };

  // An upload whose body is still arriving when the signal comes.
  const boundary = 'drainboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nDrain\r\n`;
  const tail = `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\ndrain.admin\r\n--${boundary}--\r\n`;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      await sleep(3500);
      controller.enqueue(new TextEncoder().encode(tail));
      controller.close();
    },
  });
  const uploadStarted = performance.now();
  const upload = fetch(`${running.baseUrl}/admin/me`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: unknown) => ({ status: 0, body: String(error) }),
  );

  const clients = Array.from({ length: 20 }, client);
  await sleep(2500);
  const signalledAt = performance.now();
  signal();
  const exitCode = await running.exit;
  const exitedAfterMs = performance.now() - signalledAt;
  isStopped = true;
  await Promise.all(clients);
  const uploaded = await upload;
  return { outcomes, signalledAt, exitCode, exitedAfterMs, uploaded, uploadStarted };
}

function expectNothingLost(result: Awaited<ReturnType<typeof underLoad>>) {
  const before = result.outcomes.filter((outcome) => outcome.startedAt < result.signalledAt);
  // Whatever its timing, no request is ever cut without an answer.
  expect(before.filter((outcome) => outcome.status === undefined)).toEqual([]);
  expect(before.filter((outcome) => outcome.status === 200).length).toBeGreaterThan(20);
  // A request sent before the signal may still be unread when the server takes the signal: that
  // one gets the draining 503 (Retry-After), a clean answer. When the server read a request is not
  // seen from here: on a loaded machine a request waited seconds, and one waited a quarter of a
  // second while requests sent after it were answered. The upload below is the request known to be
  // under way at the signal; every other answer is a 200 or the draining 503, and no draining 503
  // came before the signal was sent.
  const isDraining = (outcome: Outcome) =>
    outcome.status === 503 &&
    outcome.message === DRAINING_MESSAGE &&
    (outcome.endedAt ?? 0) > result.signalledAt;
  const lost = before.filter((outcome) => outcome.status !== 200 && !isDraining(outcome));
  expect(lost, JSON.stringify(lost.slice(0, 5))).toEqual([]);
  const after = result.outcomes.filter((outcome) => outcome.startedAt >= result.signalledAt);
  for (const outcome of after) {
    if (outcome.status !== undefined) expect([200, 503]).toContain(outcome.status);
  }
  expect(result.uploadStarted).toBeLessThan(result.signalledAt);
  expect(result.uploaded.status, result.uploaded.body).toBe(200);
  expect(result.exitCode).toBe(0);
  expect(result.exitedAfterMs).toBeLessThan(10_000);
}

describe('SIGTERM drains and loses nothing', () => {
  it('sent to the server process', async () => {
    const running = await startServerProcess({ kind: 'server' });
    const result = await underLoad(running, () => running.child.kill('SIGTERM'));
    expectNothingLost(result);
  }, 120_000);

  it('sent to the npm start process', async () => {
    const running = await startServerProcess({ kind: 'npm' });
    const result = await underLoad(running, () => running.child.kill('SIGTERM'));
    expectNothingLost(result);
  }, 180_000);

  it('sent to the whole process group of npm start', async () => {
    const running = await startServerProcess({ kind: 'npm' });
    const result = await underLoad(running, () => process.kill(-(running.child.pid ?? 0), 'SIGTERM'));
    expectNothingLost(result);
  }, 180_000);
});

type StreamAnswer = { status: number; headers: http2.IncomingHttpHeaders; body: string };

/** The answer of a stream already sent (`end` called or to come). */
function answerOf(stream: http2.ClientHttp2Stream): Promise<StreamAnswer> {
  return new Promise((resolve, reject) => {
    let headers: http2.IncomingHttpHeaders = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (received) => {
      headers = received;
    });
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
    stream.on('error', reject);
  });
}

describe('over HTTP/2 (TLS_CERT, TLS_KEY)', () => {
  it('SIGTERM lets a stream under way finish, answers a new one 503, and the process exits 0', async () => {
    const certificate = await createTestCertificate();
    try {
      const running = await startServerProcess({ certificate });
      const session = http2.connect(running.baseUrl, { ca: certificate.pem });
      const signingIn = session.request({
        ':method': 'POST',
        ':path': '/auth/signin',
        'content-type': 'application/json',
      });
      signingIn.end(JSON.stringify(PROCESS_ADMIN));
      const signedIn = await answerOf(signingIn);
      expect(signedIn.status).toBe(200);
      const authorization = `Bearer ${(JSON.parse(signedIn.body) as { access_token: string }).access_token}`;

      // An upload whose body is still arriving when the signal comes.
      const boundary = 'drainboundary';
      const upload = session.request({
        ':method': 'PUT',
        ':path': '/admin/me',
        authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      const uploaded = answerOf(upload);
      upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nDrain\r\n`);
      await sleep(500);
      const signalledAt = performance.now();
      running.child.kill('SIGTERM');
      await sleep(300);

      const late = session.request({ ':path': '/admin/city?limit=5', authorization });
      late.end();
      const refused = await answerOf(late);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers.connection).toBeUndefined();

      upload.end(
        `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\ndrain.admin\r\n--${boundary}--\r\n`,
      );
      const answer = await uploaded;
      expect(answer.status, answer.body).toBe(200);
      // It does not wait for the client to drop its idle session (the server's session timeout).
      expect(await running.exit).toBe(0);
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
      session.destroy();
    } finally {
      rmSync(certificate.dir, { recursive: true, force: true });
    }
  }, 120_000);
});
