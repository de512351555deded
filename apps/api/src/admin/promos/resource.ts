import { PROMO_TYPES, promoSchema } from '@roam/contract/entities';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { promos } from '../../db/schema';
import type { ResourceDeclaration } from '../core/resource';
import { iso, text } from '../core/row-mappers';

export const promoResource: ResourceDeclaration = {
  area: 'promos',
  table: promos,
  search: [promos.name, promos.description],
  city: promos.cityId,
  select: { promo: promos },
  rowSchema: promoSchema,
  extraQuery: {
    schema: z.object({
      type: z.enum(PROMO_TYPES, { message: `must be one of ${PROMO_TYPES.join(', ')}` }).optional(),
    }),
    conditions: (query, bind) => [query.type ? eq(promos.type, bind('type', text(query.type))) : undefined],
  },
  toApi: ({ promo }) => {
    const row = promo as typeof promos.$inferSelect;
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
      createdAt: iso(row.createdAt),
    };
  },
};
