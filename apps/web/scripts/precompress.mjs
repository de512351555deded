// After `vite build`: writes a gzip and a brotli copy beside every text asset, so the server sends
// them compressed (@fastify/static's preCompressed) without compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assetsDir = path.resolve(import.meta.dirname, '../dist/assets');
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

let count = 0;
for (const name of readdirSync(assetsDir)) {
  const file = path.join(assetsDir, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  count += 1;
}
console.log(`precompressed ${count} assets (gzip and brotli)`);
