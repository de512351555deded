import type { RichTextNode } from '@roam/contract/entities';
import { eq } from 'drizzle-orm';
import { cities, explores } from '../../db/schema';
import { exportDateTime, statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

export const exploreResource = defineResource({
  area: 'explore',
  columns: [
    { header: 'Title', value: (item) => item.title, width: 2 },
    { header: 'City', value: (item) => item.city },
    ...statusAndCreated(),
    { header: 'Updated at', value: (item) => exportDateTime(item.updatedAt), width: 1.2 },
  ],
  table: explores,
  sortColumns: { title: explores.title, updatedAt: explores.updatedAt },
  search: explores.searchText,
  city: explores.cityId,
  select: { explore: explores, cityName: cities.name },
  joins: [{ table: cities, on: eq(cities.id, explores.cityId) }],
  toApi: ({ explore, cityName }) => {
    const row = explore;
    return {
      _id: row.id,
      title: row.title,
      body: row.body as RichTextNode,
      cityID: row.cityId,
      city: cityName ? text(cityName) : null,
      imageurl: list(row.imageUrls),
      status: row.status,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});
