import { eq } from 'drizzle-orm';
import { cafes, cities } from '../../db/schema';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

export const cafeResource = defineResource({
  area: 'cafes',
  columns: [
    { header: 'Name', value: (cafe) => cafe.name, width: 1.4 },
    { header: 'City', value: (cafe) => cafe.cityData?.name },
    { header: 'Timings', value: (cafe) => cafe.timings },
    { header: 'Contact', value: (cafe) => cafe.contact },
    { header: 'Address', value: (cafe) => cafe.address, width: 1.6 },
    ...statusAndCreated(),
  ],
  table: cafes,
  sortColumns: { name: cafes.name },
  search: cafes.searchText,
  city: cafes.cityId,
  owner: cafes.userId,
  select: { cafe: cafes, cityName: cities.name, cityCurrency: cities.currency },
  joins: [{ table: cities, on: eq(cities.id, cafes.cityId) }],
  toApi: ({ cafe, cityName, cityCurrency }) => {
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
      currency: cityCurrency ?? '',
      menu: list(row.menu),
      photos: list(row.photos),
      imageurl: list(row.photos),
      pincode: row.pincode,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});
