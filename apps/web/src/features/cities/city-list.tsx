import type { City } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { lazy, Suspense } from 'react';
import { defineList, type RowAction, recordActions } from '../../core/lists/list-declaration';
import { formatDate, formatDateTime } from '../../lib/format-date';

/** The form, with its countries and currencies, loads when a popup opens. */
const CityForm = lazy(() => import('./city-form'));
const cityForm = (props: { city?: City; onClose: () => void }) => (
  <Suspense fallback={null}>
    <CityForm {...props} />
  </Suspense>
);

const edit: RowAction<City> = {
  kind: 'popup',
  key: 'edit',
  label: 'Edit',
  permission: 'write',
  isShown: (city) => city.status !== 'DELETED',
  render: ({ row, onClose }) => cityForm({ city: row, onClose }),
};

/**
 * City (SPEC §2): search, status tiles and dates (no city filter); the name opens the city's
 * details popup; Create and, in the row menu, Edit for an admin with write permission.
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
      priority: 2,
    },
    {
      accessor: 'country.ISO',
      title: 'ISO',
      render: (city) => city.country.ISO || MESSAGES.notAvailableShort,
      priority: 3,
    },
    {
      accessor: 'country.currency',
      title: 'Currency',
      render: (city) => city.country.currency || MESSAGES.notAvailableShort,
      priority: 3,
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (city) => formatDate(city.createdAt),
      priority: 4,
    },
  ],
  getStatus: (city) => city.status,
  actions: [edit, ...recordActions<City>('cities')],
  create: { label: 'Create City', render: ({ onClose }) => cityForm({ onClose }) },
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
