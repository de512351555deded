import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

/** A record's city must be a city that exists and is not DELETED (400 naming the field). */
export async function assertCityExists(
  tx: Database,
  field: string,
  cityId: string | undefined,
): Promise<void> {
  if (!cityId) return;
  const [city] = await tx
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), ne(cities.status, 'DELETED')));
  if (!city) throw badRequest(`${field}: no such city`);
}
