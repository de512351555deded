import { eq } from 'drizzle-orm';
import { cafes, cities } from '../../db/schema';
import { defineResource } from '../core/resource';
import { iso, list, text } from '../core/row-mappers';

export const cafeResource = defineResource({
  area: 'cafes',
  table: cafes,
  search: [cafes.name, cafes.address],
  city: cafes.cityId,
  owner: cafes.userId,
  select: { cafe: cafes, cityName: cities.name },
  joins: [{ table: cities, on: eq(cities.id, cafes.cityId) }],
  toApi: ({ cafe, cityName }) => {
    const row = cafe;
    return {
      _id: row.id,
      userId: row.userId,
      name: row.name,
      city: row.cityId,
      cityData: cityName ? { name: text(cityName) } : null,
      timings: row.timings,
      contact: row.contact,
      status: row.status,
      address: row.address,
      description: row.description,
      cuisine: list(row.cuisine),
      details: row.details,
      min_cost: row.minCost,
      max_cost: row.maxCost,
      menu: list(row.menu),
      photos: list(row.photos),
      imageurl: list(row.photos),
      pincode: row.pincode,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  },
});
