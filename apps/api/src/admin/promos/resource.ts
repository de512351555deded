import { PROMO_TYPES } from '@roam/contract/entities';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { promos } from '../../db/schema';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import type { ExtraListQuery } from '../core/routes';

export const promoResource = defineResource({
  area: 'promos',
  columns: [
    { header: 'Name', value: (promo) => promo.name, width: 1.4 },
    { header: 'Type', value: (promo) => promo.type, width: 0.7 },
    { header: 'Description', value: (promo) => promo.description, width: 2 },
    { header: 'Internal URL', value: (promo) => promo.internal_url },
    { header: 'External URL', value: (promo) => promo.external_url },
    ...statusAndCreated(),
  ],
  table: promos,
  sortColumns: { name: promos.name },
  search: promos.searchText,
  city: promos.cityId,
  select: { promo: promos },
  toApi: ({ promo }) => {
    const row = promo;
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      type: row.type,
      internal_url: row.internalUrl,
      external_url: row.externalUrl,
      city: row.cityId,
      imageurl: row.imageUrl,
      status: row.status,
      createdAt: row.createdAt,
    };
  },
});

/** Promo banners' own list parameter: `type` (SPEC §7), one of the promo types. */
export const promoTypeQuery: ExtraListQuery = {
  schema: z.object({
    type: z.enum(PROMO_TYPES, { message: `must be one of ${PROMO_TYPES.join(', ')}` }).optional(),
  }),
  conditions: (query, bind) => {
    const type = PROMO_TYPES.find((candidate) => candidate === query.type);
    return [type ? eq(promos.type, bind('type', type)) : undefined];
  },
};
