import { createHmac, timingSafeEqual } from 'node:crypto';
import { loadKey } from '../lib/keys';

/**
 * Signed download links (DESIGN §8): `/downloads/{pk}/{file}?Expires=<seconds>&Signature=<hmac>`.
 * Anyone holding one may fetch the file until it expires. The HMAC key is kept beside the signing
 * keys under DATA_DIR/keys, which every process of a deployment shares.
 */
export type LinkSigner = {
  sign: (pk: string, file: string, expires: number) => string;
  /** 'valid', 'forged' (403) or 'expired' (410: checked after the signature, so a forged expiry is 403). */
  check: (pk: string, file: string, expires: number, signature: string) => 'valid' | 'forged' | 'expired';
};

/** The links' key (DATA_DIR/keys/download-links.key). */
export function loadLinkSecret(dataDir: string): Promise<Buffer> {
  return loadKey(dataDir, 'download-links');
}

export function createLinkSigner(secret: Buffer): LinkSigner {
  const mac = (pk: string, file: string, expires: number) =>
    createHmac('sha256', secret).update(`${pk}/${file}:${expires}`).digest('base64url');
  return {
    sign: (pk, file, expires) =>
      `/downloads/${pk}/${encodeURIComponent(file)}?Expires=${expires}&Signature=${mac(pk, file, expires)}`,
    check: (pk, file, expires, signature) => {
      const expected = Buffer.from(mac(pk, file, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return expires * 1000 <= Date.now() ? 'expired' : 'valid';
    },
  };
}
