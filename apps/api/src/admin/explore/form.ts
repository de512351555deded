import { exploreEditFieldsSchema, exploreFieldsSchema } from '@roam/contract/forms';
import { explores } from '../../db/schema';
import { assertCityExists } from '../core/city-check';
import { defineForm } from '../core/forms';
import { exploreResource } from './resource';

/**
 * Creating and editing a thing to do (DESIGN §8): title, the editor's document (checked by the
 * contract's rich-text rules), a city that exists, 1 to 10 wide images. An edit may also change
 * the status (ACTIVE or INACTIVE; resent unchanged it is no change) and says which images stay and
 * where the new ones go.
 */
export const exploreForm = defineForm({
  resource: exploreResource,
  table: explores,
  fields: { create: exploreFieldsSchema, edit: exploreEditFieldsSchema },
  toColumns: (fields) => ({
    title: fields.title,
    body: fields.body,
    cityId: fields.cityID,
    ...('status' in fields && fields.status ? { status: fields.status } : {}),
  }),
  images: {
    read: (row) => row.imageUrls,
    write: (urls) => ({ imageUrls: urls }),
    order: (fields) => fields.imageurl,
  },
  check: (tx, fields) => assertCityExists(tx, 'cityID', fields.cityID),
});
