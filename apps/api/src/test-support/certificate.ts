import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * A self-signed certificate for 127.0.0.1, made for one run, to serve HTTPS as a deployment does
 * (TLS_CERT and TLS_KEY name its files): Node clients trust its PEM (`ca`), Chromium trusts its key
 * alone (`--ignore-certificate-errors-spki-list=<spkiHash>`) and nothing else more. `dir` holds
 * both files.
 */
export type TestCertificate = {
  dir: string;
  certFile: string;
  keyFile: string;
  pem: string;
  spkiHash: string;
};

export async function createTestCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 24 * 3600_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'roam-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  const spki = createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return {
    dir,
    certFile,
    keyFile,
    pem: pems.cert,
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}
