import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from '@roam/contract/validation';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from './http-error';

export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Stores an uploaded image (DESIGN §7): recognised by its bytes among the accepted types, at most
 * 5 MB and 40 megapixels, re-encoded by sharp (dropping metadata) under a random name.
 * Returns its public URL.
 */
export async function storeImage(
  uploadsDir: string,
  file: MultipartFile,
  accepted: readonly string[],
  options: { maxWidth?: number } = {},
): Promise<string> {
  const tooLarge = () =>
    new HttpError(413, `${file.fieldname}: the image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    // The multipart reader stops a file at the size limit (FST_REQ_FILE_TOO_LARGE).
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    throw error;
  }
  if (file.file.truncated || bytes.length > MAX_UPLOAD_BYTES) throw tooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !accepted.includes(type.mime)) {
    const names = accepted.map((mime) => mime.replace('image/', '')).join(', ');
    throw new HttpError(415, `${file.fieldname}: not an accepted image (${names})`);
  }
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: type.mime === 'image/gif' });
    output = await image
      .rotate()
      .resize({ width: options.maxWidth ?? 1600, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    const message =
      error instanceof Error && /pixel limit/i.test(error.message)
        ? 'the image has more than 40 megapixels'
        : 'the image could not be read';
    throw new HttpError(415, `${file.fieldname}: ${message}`);
  }
  await mkdir(uploadsDir, { recursive: true });
  const name = `${crypto.randomUUID()}.webp`;
  await writeFile(path.join(uploadsDir, name), output);
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** Removes a stored upload by its URL (used when the write that referenced it fails). */
export async function removeImage(uploadsDir: string, url: string): Promise<void> {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
  await unlink(path.join(uploadsDir, path.basename(url))).catch(() => {});
}
