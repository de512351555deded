import type { citySchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate, formatDateTime } from '../../lib/format-date';

type City = z.infer<typeof citySchema>;

/**
 * City (SPEC §2): search, status tiles and dates (no city filter); the name opens the city's
 * details popup.
 */
export default defineList<City>({
  area: 'cities',
  rowName: (city) => city.name,
  columns: [
    { accessor: 'name', title: 'Name' },
    {
      accessor: 'country.name',
      title: 'Country',
      render: (city) => city.country.name || MESSAGES.notAvailableShort,
      visibleFrom: 'sm',
    },
    {
      accessor: 'country.ISO',
      title: 'ISO',
      render: (city) => city.country.ISO || MESSAGES.notAvailableShort,
      visibleFrom: 'md',
    },
    {
      accessor: 'country.currency',
      title: 'Currency',
      render: (city) => city.country.currency || MESSAGES.notAvailableShort,
      visibleFrom: 'md',
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (city) => formatDate(city.createdAt),
      visibleFrom: 'lg',
    },
  ],
  getStatus: (city) => city.status,
  actions: recordActions<City>('cities'),
  details: {
    title: (city) => city.name,
    image: (city) => city.imageurl[0],
    fields: (city) => [
      { label: 'Country', value: city.country.name },
      { label: 'ISO', value: city.country.ISO },
      { label: 'Currency', value: city.country.currency },
      { label: 'Created at', value: formatDateTime(city.createdAt) },
      { label: 'Updated at', value: formatDateTime(city.updatedAt) },
      { label: 'Status', value: city.status },
    ],
  },
});
