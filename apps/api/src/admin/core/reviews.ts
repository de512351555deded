import { MAX_REVIEWS } from '@roam/contract/details';
import type { ratingSummarySchema } from '@roam/contract/entities';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { reviews, users } from '../../db/schema';
import { newestFirst } from './list-filters';
import { iso } from './row-mappers';

/** What `reviews.item_type` calls each reviewed area (see the table's check). */
export type ReviewItemType = 'rental' | 'cafe' | 'shop' | 'job';
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** How many of an item's reviews give `stars` stars. */
const starCount = (stars: number) =>
  sql<number>`count(*) filter (where ${reviews.rating} = ${stars})`.mapWith(Number);

const ofItem = (itemType: ReviewItemType, itemId: string) =>
  and(eq(reviews.itemType, itemType), eq(reviews.itemId, itemId));

/**
 * The rating summary of one item from every review it has: the average to two decimals (0 without
 * reviews), the total and the count at each star. One pass over reviews_item_idx.
 */
export async function readRatingSummary(
  db: Database,
  itemType: ReviewItemType,
  itemId: string,
): Promise<RatingSummary> {
  const [row] = await db
    .select({
      avgrating: sql<string | null>`round(avg(${reviews.rating}), 2)`,
      total_rating: count(),
      onestar: starCount(1),
      twostar: starCount(2),
      threestar: starCount(3),
      fourstar: starCount(4),
      fivestar: starCount(5),
    })
    .from(reviews)
    .where(ofItem(itemType, itemId));
  // An aggregate without GROUP BY always answers one row.
  const { avgrating, ...counts } = row!;
  return { avgrating: avgrating === null ? 0 : Number(avgrating), ...counts };
}

/** The newest MAX_REVIEWS reviews of one item, each with its author as a one-item list (none when gone). */
export async function listReviews(db: Database, itemType: ReviewItemType, itemId: string) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
      authorId: users.id,
      fullname: users.fullname,
      lastname: users.lastname,
      username: users.username,
      profileUrl: users.profileUrl,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(ofItem(itemType, itemId))
    .orderBy(...newestFirst(reviews.createdAt, reviews.id))
    .limit(MAX_REVIEWS);
  return rows.map((row) => ({
    _id: row.id,
    user:
      row.authorId === null
        ? []
        : [
            {
              fullname: row.fullname ?? '',
              lastname: row.lastname ?? '',
              username: row.username ?? '',
              profileURL: row.profileUrl ?? null,
            },
          ],
    rating: row.rating,
    review: row.review,
    createdAt: iso(row.createdAt),
  }));
}
