import '@mantine/core/styles/Mark.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import { Button, Group, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { cropImage } from './crop-image';

type ImageCropperProps = {
  /** The picked file, as an object URL. */
  source: string;
  /** Width / height of the result: 1 for a square, 16 / 9 for a wide image. */
  aspect: number;
  onCrop: (image: Blob) => void;
  onCancel: () => void;
};

/**
 * The crop tool (SPEC §2, DESIGN §2): the picked image under a frame of the form's aspect, zoom,
 * and Crop, disabled until the frame has a width and a height. Loaded only by the forms that
 * take images.
 */
export default function ImageCropper({ source, aspect, onCrop, onCancel }: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isCropping, setCropping] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const hasArea = area !== null && area.width > 0 && area.height > 0;

  const onConfirm = async () => {
    if (!area || !hasArea) return;
    setCropping(true);
    setFailure(null);
    try {
      onCrop(await cropImage(source, area));
    } catch {
      setFailure('This image could not be read: choose another');
    } finally {
      setCropping(false);
    }
  };

  return (
    <Stack gap="sm">
      <div
        style={{
          position: 'relative',
          width: '100%',
          height: 280,
          background: 'var(--mantine-color-dark-7)',
        }}
      >
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          disableAutomaticStylesInjection
        />
      </div>
      <Text size="sm" aria-hidden>
        Zoom
      </Text>
      <Slider
        thumbLabel="Zoom"
        min={1}
        max={3}
        step={0.05}
        value={zoom}
        onChange={setZoom}
        label={(value) => `${value.toFixed(1)}×`}
      />
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void onConfirm()} disabled={!hasArea} loading={isCropping}>
          Crop
        </Button>
      </Group>
    </Stack>
  );
}
