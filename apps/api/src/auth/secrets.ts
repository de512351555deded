import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens and reset codes. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256; they are random, so no salt or slow hash is needed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
