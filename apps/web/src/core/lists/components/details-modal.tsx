import { Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import type { ReactNode } from 'react';
import { ModalOnDemand } from '../../../components/modal-on-demand';
import type { DetailField } from '../list-declaration';

type DetailsModalProps = {
  title: string | null;
  image?: string;
  fields: DetailField[];
  onClose: () => void;
};

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** A row's fields in a popup (reported issues, contact requests, cities). */
export function DetailsModal({ title, image, fields, onClose }: DetailsModalProps) {
  return (
    <ModalOnDemand opened={title !== null} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        {image ? <Image src={image} alt="" radius="md" mah={260} fit="contain" /> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          {fields.map((field) => (
            <div key={field.label}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {field.label}
              </Text>
              <Text component="div" size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {isBlank(field.value) ? MESSAGES.notAvailable : field.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </ModalOnDemand>
  );
}
