import type { rentalSchema } from '@roam/contract/entities';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';

type Rental = Omit<z.infer<typeof rentalSchema>, 'rating'>;

/** The row menu's actions, offered on the rental's detail page too. */
export const rentalActions = recordActions<Rental>('rentals');

/** Rental (SPEC §2): name to the rental's detail, property type, check-in and -out, state, country; a city filter; per-user list. */
export default defineList<Rental>({
  area: 'rentals',
  rowName: (rental) => rental.name,
  columns: [
    {
      accessor: 'name',
      title: 'Name',
      render: (rental) => (
        <RowLink to="/rentaldetail/$id" params={{ id: rental._id }}>
          {rental.name}
        </RowLink>
      ),
    },
    { accessor: 'propertytype', title: 'Property Type', priority: 2 },
    { accessor: 'checkin', title: 'Checkin', priority: 3 },
    { accessor: 'checkout', title: 'Checkout', priority: 3 },
    { accessor: 'state', title: 'State', priority: 4 },
    { accessor: 'country', title: 'Country', priority: 2 },
  ],
  getStatus: (rental) => rental.status,
  actions: rentalActions,
  filters: { city: true },
});
