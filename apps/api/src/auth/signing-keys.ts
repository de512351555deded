import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export const SIGNING_ALGORITHM = 'ES256';

export type SigningKeys = { privateKey: CryptoKey; publicKey: CryptoKey; kid: string };

/**
 * The access-token key pair, generated once and kept under DATA_DIR/keys (shared by every process
 * that shares DATA_DIR). Concurrent first starts race on an exclusive create; the loser reads.
 */
export async function loadSigningKeys(dataDir: string | null): Promise<SigningKeys> {
  if (!dataDir) return generateSigningKeys();
  const file = path.join(dataDir, 'keys', 'signing-key.json');
  try {
    return await readKeys(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = await generateSigningKeys();
  const jwk = { ...(await exportJWK(keys.privateKey)), kid: keys.kid, alg: SIGNING_ALGORITHM };
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, JSON.stringify(jwk), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeys(file);
    throw error;
  }
}

async function generateSigningKeys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  return { privateKey, publicKey, kid: crypto.randomUUID() };
}

async function readKeys(file: string): Promise<SigningKeys> {
  const jwk = JSON.parse(await readFile(file, 'utf8')) as JWK & { kid: string };
  const privateKey = (await importJWK(jwk, SIGNING_ALGORITHM)) as CryptoKey;
  const { d: _private, ...publicJwk } = jwk;
  const publicKey = (await importJWK(publicJwk, SIGNING_ALGORITHM)) as CryptoKey;
  return { privateKey, publicKey, kid: jwk.kid };
}
