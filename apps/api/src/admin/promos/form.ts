import { promoFieldsSchema } from '@roam/contract/forms';
import { promos } from '../../db/schema';
import { assertCityExists } from '../core/city-check';
import { defineForm } from '../core/forms';
import { promoResource } from './resource';

/**
 * Creating and editing a promo banner (DESIGN §8): name, description, type, a path inside the app,
 * an http(s) link, an optional city that exists, and one wide image.
 */
export const promoForm = defineForm({
  resource: promoResource,
  table: promos,
  fields: { create: promoFieldsSchema, edit: promoFieldsSchema },
  toColumns: (fields) => ({
    name: fields.name,
    description: fields.description,
    type: fields.type,
    internalUrl: fields.internal_url,
    externalUrl: fields.external_url,
    cityId: fields.city ?? null,
  }),
  images: {
    read: (row) => (row.imageUrl ? [row.imageUrl] : []),
    write: (urls) => ({ imageUrl: urls[0] ?? null }),
  },
  check: (tx, fields) => assertCityExists(tx, 'city', fields.city),
});
