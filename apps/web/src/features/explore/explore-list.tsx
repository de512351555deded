import type { exploreSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate } from '../../lib/format-date';

type Explore = z.infer<typeof exploreSchema>;

/** Things ToDo (SPEC §2): title to the item's detail, its city, dates; a city filter. */
export default defineList<Explore>({
  area: 'explore',
  rowName: (explore) => explore.title,
  columns: [
    {
      accessor: 'title',
      title: 'Title',
      render: (explore) => <RowLink to={`/exploredetail/${explore._id}`}>{explore.title}</RowLink>,
    },
    {
      accessor: 'city',
      title: 'City',
      render: (explore) => explore.city || MESSAGES.notAvailableShort,
      visibleFrom: 'sm',
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (explore) => formatDate(explore.createdAt),
      visibleFrom: 'md',
    },
    {
      accessor: 'updatedAt',
      title: 'Updated at',
      render: (explore) => formatDate(explore.updatedAt),
      visibleFrom: 'lg',
    },
  ],
  getStatus: (explore) => explore.status,
  actions: recordActions<Explore>('explore'),
  filters: { city: true },
});
