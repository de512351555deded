import { createServer } from 'node:net';

export type Engine = 'postgres' | 'pglite';

const startedAt = performance.now();

/** Progress goes to stderr, with the seconds since the start, so that stdout holds only the table. */
export function log(message: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`${seconds} s  ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port nobody listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export const formatInt = (value: number) => Math.round(value).toLocaleString('en');
