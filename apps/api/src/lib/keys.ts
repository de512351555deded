import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A 256-bit key kept under DATA_DIR/keys/<name>.key (which every process of a deployment shares,
 * like the token signing keys): generated at the first start. Concurrent first starts race on an
 * exclusive create; the loser reads the winner's key.
 */
export async function loadKey(dataDir: string, name: string): Promise<Buffer> {
  const file = path.join(dataDir, 'keys', `${name}.key`);
  try {
    return Buffer.from(await readFile(file, 'utf8'), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, key.toString('base64url'), { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadKey(dataDir, name);
    throw error;
  }
}
