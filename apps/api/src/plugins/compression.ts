import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of 1 KB or more compressed as the browser accepts: a list's first page is 7 to 8 KB of
 * JSON, about 2 KB compressed, which a phone's connection feels. Brotli at its fast level (4), else
 * gzip. An answer already compressed (the panel's files and its page) is sent as it is.
 */
export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compression' },
);
