import type { cafeSchema } from '@roam/contract/entities';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

type Cafe = Omit<z.infer<typeof cafeSchema>, 'rating'>;

/** The row menu's actions, offered on the cafe's detail page too. */
export const cafeActions = recordActions<Cafe>('cafes', { deleted: 'Cafe deleted' });

/** Cafe (SPEC §2): name to the cafe's detail, city, timings, contact; a city filter; per-user list. */
export default defineList<Cafe>({
  area: 'cafes',
  rowName: (cafe) => cafe.name,
  columns: [
    {
      accessor: 'name',
      title: 'Name',
      render: (cafe) => (
        <RowLink to="/cafedetail/$id" params={{ id: cafe._id }}>
          {cafe.name}
        </RowLink>
      ),
    },
    { accessor: 'city', title: 'City', render: (cafe) => cafe.cityData?.name ?? 'N/A' },
    { accessor: 'timings', title: 'Timings', priority: 3 },
    { accessor: 'contact', title: 'Contact', priority: 2 },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (cafe) => formatDate(cafe.createdAt),
      priority: 4,
    },
  ],
  getStatus: (cafe) => cafe.status,
  actions: cafeActions,
  filters: { city: true },
});
