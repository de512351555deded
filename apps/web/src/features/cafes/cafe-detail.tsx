import { Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { defineDetail } from '../../core/details/detail-declaration';
import { FieldGrid, TagList } from '../../core/details/field-grid';
import { reviewsTab } from '../../core/details/reviews-panel';
import { StarRating } from '../../core/details/star-rating';
import { formatMoneyRange } from '../../lib/format-money';
import { cafeActions } from './cafe-list';

/** Cafe detail (SPEC §2: /cafedetail/{id}). */
const cafeDetail = defineDetail({
  area: 'cafes',
  actions: cafeActions,
  title: (cafe) => cafe.name,
  status: (cafe) => cafe.status,
  images: (cafe) => (cafe.photos.length > 0 ? cafe.photos : cafe.imageurl),
  header: (cafe) => (
    <Stack gap={4}>
      <Text size="sm">{cafe.cityData?.name ?? MESSAGES.notAvailable}</Text>
      {cafe.rating.total_rating > 0 ? <StarRating value={cafe.rating.avgrating} /> : null}
    </Stack>
  ),
  tabs: [
    {
      label: 'Description',
      render: (cafe) => (
        <FieldGrid
          fields={[
            { label: 'Description', value: cafe.description },
            { label: 'Cuisine', value: <TagList items={cafe.cuisine} label="Cuisine" /> },
            { label: 'Details', value: cafe.details },
            {
              label: 'Cost',
              value: formatMoneyRange(cafe.min_cost, cafe.max_cost, cafe.currency),
            },
            { label: 'Timings', value: cafe.timings },
          ]}
        />
      ),
    },
    {
      label: 'Menu',
      render: (cafe) =>
        cafe.menu.length === 0 ? (
          <Text c="dimmed">{MESSAGES.menuNotFound}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {cafe.menu.map((src, index) => (
              <Image
                // biome-ignore lint/suspicious/noArrayIndexKey: a page may appear twice; the list never reorders
                key={`${index}-${src}`}
                src={src}
                alt={`${cafe.name} menu ${index + 1}`}
                radius="md"
                fit="contain"
                mah={480}
              />
            ))}
          </SimpleGrid>
        ),
    },
    reviewsTab('cafes'),
    {
      label: 'Contact',
      render: (cafe) => (
        <FieldGrid
          fields={[
            { label: 'Contact', value: cafe.contact },
            { label: 'Address', value: cafe.address },
            { label: 'City', value: cafe.cityData?.name },
            { label: 'Pincode', value: cafe.pincode },
          ]}
        />
      ),
    },
  ],
});

export default cafeDetail;
