import type { shopSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

type Shop = Omit<z.infer<typeof shopSchema>, 'rating'>;

/** The row menu's actions, offered on the shop's detail page too. */
export const shopActions = recordActions<Shop>('shops');

/** Store and Shop (SPEC §2): name to the shop's detail, city, contact, dates; a city filter; per-user list. */
export default defineList<Shop>({
  area: 'shops',
  rowName: (shop) => shop.name,
  columns: [
    {
      accessor: 'name',
      title: 'Name',
      render: (shop) => (
        <RowLink to="/shopdetail/$id" params={{ id: shop._id }}>
          {shop.name}
        </RowLink>
      ),
    },
    {
      accessor: 'city',
      title: 'City',
      render: (shop) => shop.cityData?.name || MESSAGES.notAvailableShort,
      priority: 2,
    },
    { accessor: 'contact', title: 'Contact', priority: 3 },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (shop) => formatDate(shop.createdAt),
      priority: 4,
    },
    {
      accessor: 'updatedAt',
      title: 'Updated at',
      render: (shop) => formatDate(shop.updatedAt),
      priority: 4,
    },
  ],
  getStatus: (shop) => shop.status,
  actions: shopActions,
  filters: { city: true },
});
