import { cityFieldsSchema } from '@roam/contract/forms';
import { and, eq, ne, sql } from 'drizzle-orm';
import { cities } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { defineForm } from '../core/forms';
import { cityResource } from './resource';

/**
 * Creating and editing a city (DESIGN §8): name, country, ISO code and currency from the contract's
 * checks; one square image on create (16:9 on edit), kept as the city's image list. The same name
 * in the same country is a 409 (a DELETED city does not count), checked under a lock on that
 * name so two requests cannot both pass.
 */
export const cityForm = defineForm({
  resource: cityResource,
  table: cities,
  fields: { create: cityFieldsSchema, edit: cityFieldsSchema },
  toColumns: (fields) => ({
    name: fields.name,
    countryName: fields.countryName,
    countryIso: fields.countryIso,
    currency: fields.currency,
  }),
  images: {
    read: (row) => row.imageUrls,
    write: (urls) => ({ imageUrls: urls }),
  },
  check: async (tx, fields, id) => {
    const key = `${fields.countryIso}:${fields.name.toLowerCase()}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`city:${key}`}))`);
    const [same] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(
        and(
          sql`lower(${cities.name}) = ${fields.name.toLowerCase()}`,
          eq(cities.countryIso, fields.countryIso),
          ne(cities.status, 'DELETED'),
          id ? ne(cities.id, id) : undefined,
        ),
      )
      .limit(1);
    if (same) throw conflict(`name: a city named ${fields.name} already exists in ${fields.countryName}`);
  },
});
