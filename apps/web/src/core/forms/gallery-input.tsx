import { ActionIcon, Group, Image, Input, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { ImagePicker } from './image-picker';

/** One image of a gallery: one the record has (its URL), or one cropped in this form. */
export type GalleryItem = { url: string } | { image: Blob };

type GalleryInputProps = {
  label: string;
  aspect: number;
  max: number;
  value: readonly GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  error?: string;
  isDisabled?: boolean;
};

/**
 * Several images (a thing to do's gallery): each added image cropped to the form's aspect, every
 * image movable earlier or later and removable; the first one leads. At most `max`.
 */
export function GalleryInput({ label, aspect, max, value, onChange, error, isDisabled }: GalleryInputProps) {
  const [pickError, setPickError] = useState<string | null>(null);
  const inputId = useId();
  const urls = useItemUrls(value);
  const message = pickError ?? error;

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
  };

  return (
    <Input.Wrapper
      label={label}
      error={message}
      id={inputId}
      description={`Up to ${max} images; the first one leads.`}
    >
      <Stack gap="xs" mt={4}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No image chosen
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {value.map((_item, index) => (
              <Paper key={urls[index]} withBorder radius="sm" p={4}>
                <Image src={urls[index]} alt={`${label} ${index + 1}`} radius="xs" fit="cover" h={72} />
                <Group gap={2} justify="center" mt={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Move image ${index + 1} earlier`}
                    disabled={isDisabled || index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconArrowLeft size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Move image ${index + 1} later`}
                    disabled={isDisabled || index === value.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconArrowRight size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Remove image ${index + 1}`}
                    disabled={isDisabled}
                    onClick={() => onChange(value.filter((_, other) => other !== index))}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
        <Group>
          <ImagePicker
            label={label}
            aspect={aspect}
            isDisabled={isDisabled || value.length >= max}
            onCropped={(image) => onChange([...value, { image }])}
            onRefused={setPickError}
            describedBy={message ? `${inputId}-error` : undefined}
          >
            Add image
          </ImagePicker>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** A URL per item: the record's own, or an object URL for a cropped image (revoked when it goes). */
function useItemUrls(items: readonly GalleryItem[]): string[] {
  const objectUrls = useMemo(() => new Map<Blob, string>(), []);
  const urls = items.map((item) => {
    if ('url' in item) return item.url;
    let url = objectUrls.get(item.image);
    if (!url) {
      url = URL.createObjectURL(item.image);
      objectUrls.set(item.image, url);
    }
    return url;
  });
  useEffect(() => {
    const kept = new Set(items.flatMap((item) => ('image' in item ? [item.image] : [])));
    for (const [image, url] of objectUrls) {
      if (!kept.has(image)) {
        URL.revokeObjectURL(url);
        objectUrls.delete(image);
      }
    }
  }, [items, objectUrls]);
  return urls;
}
