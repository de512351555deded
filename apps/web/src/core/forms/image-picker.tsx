import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Button, FileButton, Modal } from '@mantine/core';
import { IMAGE_MIME_TYPES } from '@roam/contract/validation';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { useObjectUrl } from '../../lib/use-object-url';

const ImageCropper = lazy(() => import('./image-cropper'));

type ImagePickerProps = {
  /** The file input's accessible name. */
  label: string;
  children: ReactNode;
  aspect: number;
  isDisabled?: boolean;
  onCropped: (image: Blob) => void;
  /** Said when the picked file is not an image the server takes (null clears it). */
  onRefused: (message: string | null) => void;
  describedBy?: string;
};

/**
 * A button that picks an image file (jpeg, png, gif or webp only) and opens the crop tool on it;
 * the cropped image is handed back. The crop tool loads with the first picked file. The file input
 * itself is hidden and named by `label`; the button opens it (and is reachable by keyboard).
 */
export function ImagePicker({
  label,
  children,
  aspect,
  isDisabled,
  onCropped,
  onRefused,
  describedBy,
}: ImagePickerProps) {
  const [picked, setPicked] = useState<File | null>(null);
  const pickedUrl = useObjectUrl(picked);
  /** Empties the file input after each pick, so that picking the same file again opens the tool. */
  const resetInput = useRef<() => void>(null);

  const onPick = (file: File | null) => {
    onRefused(null);
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      onRefused('Choose a jpeg, png, gif or webp image');
      return;
    }
    setPicked(file);
  };

  return (
    <>
      <FileButton
        accept={IMAGE_MIME_TYPES.join(',')}
        disabled={isDisabled}
        resetRef={resetInput}
        onChange={(file) => {
          onPick(file);
          resetInput.current?.();
        }}
        inputProps={{ 'aria-label': label, disabled: isDisabled }}
      >
        {(props) => (
          <Button {...props} variant="default" size="xs" disabled={isDisabled} aria-describedby={describedBy}>
            {children}
          </Button>
        )}
      </FileButton>
      <Modal
        opened={pickedUrl !== null}
        onClose={() => setPicked(null)}
        title="Crop image"
        size="lg"
        centered
      >
        {pickedUrl ? (
          <Suspense fallback={<PageLoader />}>
            <ImageCropper
              source={pickedUrl}
              aspect={aspect}
              onCancel={() => setPicked(null)}
              onCrop={(image) => {
                onCropped(image);
                setPicked(null);
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
