/**
 * A bare carrier of list calls, in its own process: for each call a route that sends the call's SQL
 * as the API sent it (its waves, through a pg pool as large as the API's) and answers the API's own
 * answer, byte for byte, without reading the rows. What any server must do to serve the call over
 * HTTP: the API measured beside it shows what its own work adds (sign-in check, validation, the
 * statements' building, reading the rows, writing the answer).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { type CarriedCall, postgresExecutor, replayRequest } from './sql-replay';

const calls = JSON.parse(readFileSync(process.env.CARRIED_CALLS!, 'utf8')) as CarriedCall[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE) });
const execute = postgresExecutor(pool);
const app = Fastify({ logger: false });
calls.forEach((call, index) => {
  const replay = replayRequest(call.waves, execute);
  app.get(`/call/${index}`, async (_request, reply) => {
    await replay();
    return reply.type('application/json; charset=utf-8').send(call.answer);
  });
});
app.get('/', async () => 'carrying');
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
