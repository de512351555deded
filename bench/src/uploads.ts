import { randomBytes } from 'node:crypto';
import { MAX_UPLOAD_BYTES } from '@roam/contract/validation';
import sharp from 'sharp';
import { latencySummary } from './load';

/**
 * The upload route (DESIGN §7, §8): POST /admin/city with an image just under 5 MB, one request at
 * a time (each is read, checked by its bytes, decoded and re-encoded by sharp), the created cities
 * deleted again. Also how long a refusal of the same size takes (a text file named .png: 415, no
 * row, no file) to show that a refused upload costs no decoding.
 */
export type UploadBench = {
  requests: number;
  megabytes: number;
  created: { p50: number; p95: number; p99: number; failures: number };
  refused: { p50: number; p95: number; p99: number; failures: number };
};

/** Random pixels, so PNG cannot compress them: the largest such square under the upload limit. */
async function noisyPng(): Promise<Buffer> {
  let side = Math.floor(Math.sqrt(MAX_UPLOAD_BYTES / 3));
  for (;;) {
    const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (png.length <= MAX_UPLOAD_BYTES) return png;
    side -= 16;
  }
}

function cityForm(name: string, file: Buffer, fileName: string): FormData {
  const form = new FormData();
  form.set('name', name);
  form.set('country_name', 'Portugal');
  form.set('ISO', 'PT');
  form.set('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), fileName);
  return form;
}

export async function benchUploads(options: {
  baseUrl: string;
  headers: Record<string, string>;
  requests: number;
}): Promise<UploadBench> {
  const { baseUrl, headers, requests } = options;
  const image = await noisyPng();
  const text = Buffer.alloc(image.length, 'not an image ');
  const created: number[] = [];
  const refused: number[] = [];
  let createdFailures = 0;
  let refusedFailures = 0;
  const run = `${Date.now().toString(36)}`;
  for (let index = 0; index < requests; index++) {
    let started = performance.now();
    const response = await fetch(`${baseUrl}/admin/city`, {
      method: 'POST',
      headers,
      body: cityForm(`Bench ${run} ${index}`, image, 'photo.png'),
    });
    const body = (await response.json()) as { city?: { _id: string } };
    created.push(performance.now() - started);
    if (response.status !== 201 || !body.city) createdFailures++;
    else await fetch(`${baseUrl}/admin/city/${body.city._id}`, { method: 'DELETE', headers });

    started = performance.now();
    const refusal = await fetch(`${baseUrl}/admin/city`, {
      method: 'POST',
      headers,
      body: cityForm(`Bench ${run} refused ${index}`, text, 'photo.png'),
    });
    await refusal.arrayBuffer();
    refused.push(performance.now() - started);
    if (refusal.status !== 415) refusedFailures++;
  }
  return {
    requests,
    megabytes: Math.round((image.length / 1024 / 1024) * 10) / 10,
    created: { ...latencySummary(created), failures: createdFailures },
    refused: { ...latencySummary(refused), failures: refusedFailures },
  };
}
