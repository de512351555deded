import { AspectRatio, Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import { PROMO_TYPES, type Promo } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { StatusBadge } from '../../components/status-badge';
import { defineList, type RowAction, recordActions } from '../../core/lists/list-declaration';

/** The form loads when a popup opens. */
const PromoForm = lazy(() => import('./promo-form'));
const promoForm = (props: { promo?: Promo; onClose: () => void }) => (
  <Suspense fallback={null}>
    <PromoForm {...props} />
  </Suspense>
);

const edit: RowAction<Promo> = {
  kind: 'popup',
  key: 'edit',
  label: 'Edit',
  permission: 'write',
  isShown: (promo) => promo.status !== 'DELETED',
  render: ({ row, onClose }) => promoForm({ promo: row, onClose }),
};

/** A promo banner as a card: its 16:9 image (or a neutral block), name, type, description and status. */
function PromoCard({ promo, menu, select }: { promo: Promo; menu: ReactNode; select: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="article" aria-label={promo.name}>
      <Card.Section pos="relative">
        <AspectRatio ratio={16 / 9}>
          {promo.imageurl ? (
            <Image src={promo.imageurl} alt="" fit="cover" />
          ) : (
            <Box
              bg="var(--mantine-color-default-hover)"
              c="dimmed"
              style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            >
              <IconPhoto size={40} stroke={1.2} aria-hidden />
            </Box>
          )}
        </AspectRatio>
        {/* The selection checkbox top-left, the row menu top-right, each on a plain backing. */}
        <Box
          pos="absolute"
          top={8}
          left={8}
          p={4}
          bg="var(--mantine-color-body)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {select}
        </Box>
        {/* The row menu, top-right on a plain backing so it reads over any image; empty when read-only. */}
        <Box
          pos="absolute"
          top={8}
          right={8}
          bg="var(--mantine-color-body)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {menu}
        </Box>
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {promo.name}
          </Text>
          <StatusBadge status={promo.status} />
        </Group>
        <Group gap="xs">
          <Badge variant="outline" color="gray" radius="sm" tt="capitalize">
            {promo.type}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {promo.description || MESSAGES.notAvailableShort}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Promo Banner (SPEC §2): a grid of promo cards (12 per page), filtered by city and type; Create New
 * Promo, and Edit in a card's menu, with write permission.
 */
export default defineList<Promo>({
  area: 'promos',
  rowName: (promo) => promo.name,
  columns: [
    { accessor: 'name', title: 'Name' },
    { accessor: 'type', title: 'Type', priority: 2 },
  ],
  getStatus: (promo) => promo.status,
  actions: [edit, ...recordActions<Promo>('promos')],
  create: { label: 'Create New Promo', render: ({ onClose }) => promoForm({ onClose }) },
  filters: { city: true, type: { label: 'Type', options: PROMO_TYPES } },
  card: ({ row, menu, select }) => <PromoCard promo={row} menu={menu} select={select} />,
});
