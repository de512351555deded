import { Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { defineDetail } from '../../core/details/detail-declaration';
import { FieldGrid, TagList } from '../../core/details/field-grid';
import { reviewsTab } from '../../core/details/reviews-panel';
import { StarRating } from '../../core/details/star-rating';
import { shopActions } from './shop-list';

/** Shop detail (SPEC §2: /shopdetail/{id}). */
const shopDetail = defineDetail({
  area: 'shops',
  actions: shopActions,
  title: (shop) => shop.name,
  status: (shop) => shop.status,
  images: (shop) => (shop.photos.length > 0 ? shop.photos : shop.imageurl),
  header: (shop) => (
    <Stack gap={4}>
      <Text size="sm">{shop.cityData?.name ?? MESSAGES.notAvailable}</Text>
      {shop.rating.total_rating > 0 ? <StarRating value={shop.rating.avgrating} /> : null}
    </Stack>
  ),
  tabs: [
    {
      label: 'Description',
      render: (shop) => (
        <FieldGrid
          fields={[
            { label: 'Description', value: shop.description },
            { label: 'Markets', value: <TagList items={shop.markets} label="Markets" /> },
            { label: 'Details', value: shop.details },
            { label: 'Timings', value: shop.timings },
          ]}
        />
      ),
    },
    reviewsTab('shops'),
    {
      label: 'Contact',
      render: (shop) => (
        <FieldGrid
          fields={[
            { label: 'Contact', value: shop.contact },
            { label: 'Address', value: shop.address },
            { label: 'City', value: shop.cityData?.name },
            { label: 'Pincode', value: shop.pincode },
          ]}
        />
      ),
    },
  ],
});

export default shopDetail;
