import { eq } from 'drizzle-orm';
import { cities, shops } from '../../db/schema';
import { exportDateTime, statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

export const shopResource = defineResource({
  area: 'shops',
  columns: [
    { header: 'Name', value: (shop) => shop.name, width: 1.4 },
    { header: 'City', value: (shop) => shop.cityData?.name },
    { header: 'Contact', value: (shop) => shop.contact },
    { header: 'Address', value: (shop) => shop.address, width: 1.6 },
    ...statusAndCreated(),
    { header: 'Updated at', value: (shop) => exportDateTime(shop.updatedAt), width: 1.2 },
  ],
  table: shops,
  sortColumns: { name: shops.name, updatedAt: shops.updatedAt },
  search: shops.searchText,
  city: shops.cityId,
  owner: shops.userId,
  select: { shop: shops, cityName: cities.name },
  joins: [{ table: cities, on: eq(cities.id, shops.cityId) }],
  toApi: ({ shop, cityName }) => {
    const row = shop;
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
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});
