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
    { accessor: 'propertytype', title: 'Property Type', visibleFrom: 'sm' },
    { accessor: 'checkin', title: 'Checkin', visibleFrom: 'md' },
    { accessor: 'checkout', title: 'Checkout', visibleFrom: 'md' },
    { accessor: 'state', title: 'State', visibleFrom: 'lg' },
    { accessor: 'country', title: 'Country', visibleFrom: 'sm' },
  ],
  getStatus: (rental) => rental.status,
  actions: rentalActions,
  filters: { city: true },
});
