import type { Area } from 'react-easy-crop';

/**
 * The crop step in jsdom, which can neither lay out an image nor draw on a canvas. A test file
 * replaces two modules with this one through `vi.mock`: react-easy-crop (its default export, the
 * Cropper) and core/forms/crop-image (`cropImage`, the canvas step). Everything else runs for
 * real: the file input and its type check, the crop popup, the Crop button's rule, the preview,
 * the form and its multipart body. The real cropper and canvas run in the browser tests
 * (e2e/src/forms.test.ts).
 */

type FakeCropperProps = {
  image?: string;
  aspect?: number;
  onCropComplete?: (area: Area, pixels: Area) => void;
};

/**
 * Stands in for react-easy-crop's Cropper: shows the aspect it was given and lets the test report
 * a crop frame, as the real one does once the image has loaded (first one without a size).
 */
export default function FakeCropper({ image, aspect = 1, onCropComplete }: FakeCropperProps) {
  const report = (width: number, height: number) => {
    const area = { x: 0, y: 0, width, height };
    onCropComplete?.(area, area);
  };
  return (
    <div data-testid="crop-frame" data-aspect={String(aspect)} data-image={image}>
      <button type="button" onClick={() => report(0, 0)}>
        Frame without size
      </button>
      <button type="button" onClick={() => report(1600, Math.round(1600 / aspect))}>
        Frame the image
      </button>
    </div>
  );
}

/** The frames the fake crop was asked to cut, in order. */
export const croppedAreas: Area[] = [];

/** Stands in for crop-image.ts: the "cropped" image is a small JPEG-typed Blob. */
export async function cropImage(_source: string, area: Area): Promise<Blob> {
  croppedAreas.push(area);
  return new Blob(['cropped image'], { type: 'image/jpeg' });
}

/** jsdom has no object URLs; the previews need them. */
export function stubObjectUrls(): void {
  let count = 0;
  const value = { createObjectURL: () => `blob:test/${++count}`, revokeObjectURL: () => {} };
  for (const [name, fn] of Object.entries(value)) {
    Object.defineProperty(URL, name, { configurable: true, writable: true, value: fn });
  }
}

/** A picked file of the given type (a PNG by default). */
export const pickedFile = (type = 'image/png', name = 'photo.png') =>
  new File(['not really pixels'], name, { type });
