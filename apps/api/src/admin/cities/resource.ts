import { cities } from '../../db/schema';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

export const cityResource = defineResource({
  area: 'cities',
  columns: [
    { header: 'Name', value: (city) => city.name },
    { header: 'Country', value: (city) => city.country.name },
    { header: 'ISO', value: (city) => city.country.ISO, width: 0.5 },
    { header: 'Currency', value: (city) => city.country.currency, width: 0.6 },
    ...statusAndCreated(),
  ],
  table: cities,
  sortColumns: { name: cities.name },
  search: cities.searchText,
  select: {
    id: cities.id,
    name: cities.name,
    countryName: cities.countryName,
    countryIso: cities.countryIso,
    currency: cities.currency,
    imageUrls: cities.imageUrls,
    status: cities.status,
    createdAt: cities.createdAt,
    updatedAt: cities.updatedAt,
  },
  toApi: (row) => ({
    _id: row.id,
    name: row.name,
    country: { name: text(row.countryName), ISO: text(row.countryIso), currency: text(row.currency) },
    imageurl: list(row.imageUrls),
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
});
