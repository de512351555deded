import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useObjectUrl } from '../../lib/use-object-url';
import { ImagePicker } from './image-picker';

type ImageInputProps = {
  label: string;
  /** Width / height the image is cropped to. */
  aspect: number;
  /** The cropped image chosen in this form, if any. */
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  /** The record's current image, shown until another is chosen. */
  currentUrl?: string;
  error?: string;
  isDisabled?: boolean;
};

/** An image field (SPEC §2 image crop tool): one image, cropped to the form's aspect, the result shown. */
export function ImageInput({
  label,
  aspect,
  value,
  onChange,
  currentUrl,
  error,
  isDisabled,
}: ImageInputProps) {
  const [pickError, setPickError] = useState<string | null>(null);
  const preview = useObjectUrl(value) ?? currentUrl;
  const inputId = useId();
  const message = pickError ?? error;

  return (
    <Input.Wrapper label={label} error={message} id={inputId}>
      <Stack gap="xs" mt={4}>
        {preview ? (
          <Image
            src={preview}
            alt={`${label} preview`}
            radius="sm"
            fit="contain"
            mah={180}
            w="auto"
            maw="100%"
          />
        ) : (
          <Group gap="xs" c="dimmed">
            <IconPhoto aria-hidden size={18} />
            <Text size="sm">No image chosen</Text>
          </Group>
        )}
        <Group gap="xs">
          <ImagePicker
            label={label}
            aspect={aspect}
            isDisabled={isDisabled}
            onCropped={onChange}
            onRefused={setPickError}
            describedBy={message ? `${inputId}-error` : undefined}
          >
            {preview ? 'Change image' : 'Choose image'}
          </ImagePicker>
          {value ? (
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={() => onChange(null)}
              disabled={isDisabled}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
