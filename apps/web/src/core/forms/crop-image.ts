import type { Area } from 'react-easy-crop';

/** The widest side of a cropped image; the server keeps at most 1600 px anyway. */
const MAX_SIDE = 1600;

/**
 * Cuts `area` (in the source's pixels) out of the image at `source` through a canvas and encodes
 * it as a JPEG: the Blob a form sends under its image field. Runs in a browser only (jsdom has no
 * canvas); the component tests replace this module, the browser tests run it.
 */
export async function cropImage(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const scale = Math.min(1, MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/jpeg', 0.9),
  );
}
