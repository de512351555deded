import { shopSchema } from '@roam/contract/entities';
import { eq } from 'drizzle-orm';
import { cities, shops } from '../../db/schema';
import type { ResourceDeclaration } from '../core/resource';
import { iso, list, text } from '../core/row-mappers';

export const shopResource: ResourceDeclaration = {
  area: 'shops',
  table: shops,
  search: [shops.name, shops.address],
  city: shops.cityId,
  owner: shops.userId,
  select: { shop: shops, cityName: cities.name },
  joins: [{ table: cities, on: eq(cities.id, shops.cityId) }],
  rowSchema: shopSchema.omit({ rating: true }),
  reviewItemType: 'shop',
  detail: { hasRatingSummary: true },
  toApi: ({ shop, cityName }) => {
    const row = shop as typeof shops.$inferSelect;
    return {
      _id: row.id,
      userId: row.userId,
      name: row.name,
      status: row.status,
      address: row.address,
      description: row.description,
      markets: list(row.markets),
      details: row.details,
      timings: row.timings,
      contact: row.contact,
      city: row.cityId,
      cityData: cityName ? { name: text(cityName) } : null,
      pincode: row.pincode,
      photos: list(row.photos),
      imageurl: list(row.photos),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  },
};
