import {
  AREA_NAMES,
  AREAS,
  type AreaDefinition,
  type AreaName,
  isDetailArea,
  isReviewedArea,
  type ReviewedAreaName,
} from '@roam/contract/areas';
import {
  jobApplicantsResponseSchema,
  MAX_REVIEWS,
  RENTAL_APPLICANTS_PAGE_SIZE,
  rentalApplicantsResponseSchema,
  reviewsResponseSchema,
} from '@roam/contract/details';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafes, cities, jobApplications, jobs, rentalApplications, reviews, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  signIn,
  type TestContext,
} from '../../test-support/test-app';
import { RESOURCES } from '../resources';
import type { Resource } from './resource';

const endpointOf = (declaration: Resource) => AREAS[declaration.area].list;
/** What `reviews.item_type` calls each reviewed area. */
const ITEM_TYPES = { rentals: 'rental', cafes: 'cafe', shops: 'shop', jobs: 'job' } as const;
/** The areas whose detail carries the rating summary of their reviews. */
const RATED: readonly AreaName[] = ['rentals', 'cafes', 'shops'];

import type { ReviewItemType } from './reviews';

/** The detail calls of the factory's areas, their reviews and applications, over demo data. */
let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ({ context, headers } = await createDemoTestApp(300));
});
afterAll(async () => {
  await context?.close();
});

type ApiRow = { _id: string; status: string; createdAt: string } & Record<string, unknown>;

const get = (url: string, as = headers) => context.app.inject({ method: 'GET', url, headers: as });

async function listRows(declaration: Resource, query = '') {
  const { path, responseKey } = endpointOf(declaration);
  const response = await get(`/admin${path}?limit=100${query}`);
  expect(response.statusCode).toBe(200);
  return response.json()[responseKey] as ApiRow[];
}

/** The rating summary computed afresh from the reviews table. */
async function freshRating(itemType: ReviewItemType, itemId: string) {
  const rows = await context.database.db
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.itemType, itemType), eq(reviews.itemId, itemId)));
  const star = (n: number) => rows.filter((row) => row.rating === n).length;
  const sum = rows.reduce((total, row) => total + row.rating, 0);
  return {
    avgrating: rows.length === 0 ? 0 : Math.round((sum / rows.length) * 100) / 100,
    total_rating: rows.length,
    onestar: star(1),
    twostar: star(2),
    threestar: star(3),
    fourstar: star(4),
    fivestar: star(5),
  };
}

/** The item of an area with the most reviews. */
async function mostReviewed(itemType: ReviewItemType) {
  const [row] = await context.database.db
    .select({ itemId: reviews.itemId, n: count() })
    .from(reviews)
    .where(eq(reviews.itemType, itemType))
    .groupBy(reviews.itemId)
    .orderBy(desc(count()))
    .limit(1);
  return row!;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DETAILED = RESOURCES.filter((declaration) => isDetailArea(declaration.area));
const REVIEWED = RESOURCES.filter((declaration) => isReviewedArea(declaration.area));

it('serves a detail route for every area with a detail screen', () => {
  expect(DETAILED.map((declaration) => declaration.area).sort()).toEqual(
    ['cafes', 'cities', 'explore', 'jobs', 'rentals', 'shops'].sort(),
  );
  for (const { area } of DETAILED) {
    const url = `/admin${AREAS[area].list.path}/:id`;
    expect(
      context.app.routeTable.some((route) => route.method === 'GET' && route.url === url),
      url,
    ).toBe(true);
  }
  expect(REVIEWED.map((declaration) => declaration.area).sort()).toEqual(
    ['cafes', 'jobs', 'rentals', 'shops'].sort(),
  );
});

it("serves every area's own calls where AREAS says, with their method", () => {
  const calls = AREA_NAMES.flatMap((name) => Object.values((AREAS[name] as AreaDefinition).calls ?? {}));
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    const url = `/admin${call.path}`;
    expect(
      context.app.routeTable.some((route) => route.method === call.method && route.url === url),
      `${call.method} ${url}`,
    ).toBe(true);
  }
});

describe.each(DETAILED.map((declaration) => [declaration.area, declaration] as const))(
  'GET %s/:id',
  (area, declaration) => {
    const schema = (AREAS[area] as AreaDefinition).detail!.schema;
    const url = (id: string) => `/admin${endpointOf(declaration).path}/${id}`;

    it("answers the contract's shape, the list row plus its rating summary", async () => {
      const [row] = await listRows(declaration);
      const response = await get(url(row!._id));
      expect(response.statusCode).toBe(200);
      const item = schema.parse(response.json()) as ApiRow;
      const { rating, ...rest } = item;
      expect(rest).toEqual(row);
      if (RATED.includes(declaration.area)) {
        expect(rating).toEqual(await freshRating(ITEM_TYPES[declaration.area as ReviewedAreaName], row!._id));
      } else {
        expect(rating).toBeUndefined();
      }
    });

    it('shows a DELETED item too', async () => {
      const target = (await listRows(declaration, '&status=ACTIVE')).at(-1)!;
      const deleted = await context.app.inject({ method: 'DELETE', url: url(target._id), headers });
      expect(deleted.statusCode).toBe(200);
      const response = await get(url(target._id));
      expect(response.statusCode).toBe(200);
      expect(schema.parse(response.json())).toMatchObject({ _id: target._id, status: 'DELETED' });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await get(url(UNKNOWN_ID));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ statusCode: 404, error: 'Not Found', message: expect.any(String) });
      for (const bad of ['not-a-uuid', '123', `${UNKNOWN_ID}0`]) {
        const response = await get(url(bad));
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().message, bad).toMatch(/id/);
      }
    });
  },
);

describe.each(REVIEWED.map((declaration) => [declaration.area, declaration] as const))(
  'GET %s/review',
  (_area, declaration) => {
    const itemType = ITEM_TYPES[declaration.area as ReviewedAreaName];
    const url = (query: string) => `/admin${endpointOf(declaration).path}/review${query}`;

    it('answers the reviews newest first with their authors, and a fresh rating summary', async () => {
      const { itemId, n } = await mostReviewed(itemType);
      const response = await get(url(`?itemID=${itemId}`));
      expect(response.statusCode).toBe(200);
      const body = reviewsResponseSchema.parse(response.json());
      expect(body.reviews).toHaveLength(Math.min(n, MAX_REVIEWS));
      const times = body.reviews.map((review) => Date.parse(review.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(body.rating).toEqual(await freshRating(itemType, itemId));

      const stored = await context.database.db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          review: reviews.review,
          username: users.username,
          fullname: users.fullname,
        })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.itemType, itemType), eq(reviews.itemId, itemId)));
      for (const review of body.reviews) {
        const row = stored.find((candidate) => candidate.id === review._id)!;
        expect(review).toMatchObject({ rating: row.rating, review: row.review });
        expect(review.user).toEqual([
          expect.objectContaining({ username: row.username, fullname: row.fullname }),
        ]);
      }
    });

    it('answers no reviews and a zero summary for an item without any', async () => {
      const { id } = declaration.table as unknown as { id: PgColumn };
      const [item] = await context.database.db
        .select({ id })
        .from(declaration.table)
        .where(
          sql`not exists (select 1 from ${reviews} where ${reviews.itemType} = ${itemType} and ${reviews.itemId} = ${id})`,
        )
        .limit(1);
      const response = await get(url(`?itemID=${String(item!.id)}`));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        reviews: [],
        rating: {
          avgrating: 0,
          total_rating: 0,
          onestar: 0,
          twostar: 0,
          threestar: 0,
          fourstar: 0,
          fivestar: 0,
        },
      });
    });

    it('answers 400 without or with a malformed itemID and 404 for an unknown item', async () => {
      for (const query of ['', '?itemID=', '?itemID=abc', '?itemid=abc']) {
        const response = await get(url(query));
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toMatch(/itemID/);
      }
      expect((await get(url(`?itemID=${UNKNOWN_ID}`))).statusCode).toBe(404);
    });
  },
);

describe('reviews beyond the seed', () => {
  it('caps the list at the newest MAX_REVIEWS while the summary counts them all, and shows a gone author as []', async () => {
    const [cafe] = await context.database.db.select({ id: cafes.id }).from(cafes).limit(1);
    const itemId = cafe!.id;
    const base = Date.parse('2030-01-01T00:00:00Z');
    await context.database.db.insert(reviews).values(
      Array.from({ length: MAX_REVIEWS + 5 }, (_, index) => ({
        itemType: 'cafe',
        itemId,
        userId: null,
        rating: (index % 5) + 1,
        review: `extra ${index}`,
        createdAt: new Date(base + index * 60_000),
      })),
    );
    const response = await get(`/admin/cafe/review?itemID=${itemId}`);
    const body = reviewsResponseSchema.parse(response.json());
    expect(body.reviews).toHaveLength(MAX_REVIEWS);
    expect(body.reviews[0]).toMatchObject({ review: `extra ${MAX_REVIEWS + 4}`, user: [] });
    expect(body.reviews.at(-1)!.review).toBe('extra 5');
    expect(body.rating).toEqual(await freshRating('cafe', itemId));
    expect(body.rating.total_rating).toBeGreaterThan(MAX_REVIEWS);
    const detail = (await get(`/admin/cafe/${itemId}`)).json();
    expect(detail.rating).toEqual(body.rating);
  });
});

describe('money in its currency', () => {
  it("answers a cafe's costs and a job's salary with their city's currency, else the job country's", async () => {
    const db = context.database.db;
    const [cafe] = await db
      .select({ id: cafes.id, currency: cities.currency })
      .from(cafes)
      .innerJoin(cities, eq(cities.id, cafes.cityId))
      .limit(1);
    expect(cafe!.currency).toMatch(/^[A-Z]{3}$/);
    expect((await get(`/admin/cafe/${cafe!.id}`)).json().currency).toBe(cafe!.currency);
    const cafeList = RESOURCES.find((declaration) => declaration.area === 'cafes')!;
    expect((await listRows(cafeList)).every((row) => /^([A-Z]{3})?$/.test(String(row.currency)))).toBe(true);

    const [job] = await db
      .select({ id: jobs.id, currency: cities.currency })
      .from(jobs)
      .innerJoin(cities, eq(cities.id, jobs.cityId))
      .limit(1);
    expect((await get(`/admin/job/${job!.id}`)).json().currency).toBe(job!.currency);
    // Without a city, the country's usual currency (a maintained table: Japan's is JPY).
    await db.update(jobs).set({ cityId: null, country: 'Japan' }).where(eq(jobs.id, job!.id));
    expect((await get(`/admin/job/${job!.id}`)).json().currency).toBe('JPY');
    await db.update(jobs).set({ country: 'Atlantis' }).where(eq(jobs.id, job!.id));
    expect((await get(`/admin/job/${job!.id}`)).json().currency).toBe('');
  });
});

describe('applications', () => {
  const rentalPath = `/admin${AREAS.rentals.applications.path}`;

  async function mostApplied(table: typeof rentalApplications | typeof jobApplications) {
    const item = 'rentalId' in table ? table.rentalId : table.jobId;
    const [row] = await context.database.db
      .select({ itemId: item, n: count() })
      .from(table)
      .groupBy(item)
      .orderBy(desc(count()))
      .limit(1);
    return row!;
  }

  it('lists a rental’s applications newest first, paged, filtered by status in any case', async () => {
    const { itemId, n } = await mostApplied(rentalApplications);
    const all = rentalApplicantsResponseSchema.parse(
      (await get(`${rentalPath}/${itemId}?status=All`)).json(),
    );
    expect(all.searchcount).toBe(n);
    expect(all.applications).toHaveLength(Math.min(n, RENTAL_APPLICANTS_PAGE_SIZE));
    const times = all.applications.map((application) => Date.parse(application.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const first = rentalApplicantsResponseSchema.parse(
      (await get(`${rentalPath}/${itemId}?skip=0&limit=2`)).json(),
    );
    const second = rentalApplicantsResponseSchema.parse(
      (await get(`${rentalPath}/${itemId}?skip=2&limit=2`)).json(),
    );
    expect([...first.applications, ...second.applications]).toEqual(all.applications.slice(0, 4));
    expect(second.searchcount).toBe(n);

    const stored = await context.database.db
      .select({ id: rentalApplications.id, status: rentalApplications.status, name: rentalApplications.name })
      .from(rentalApplications)
      .where(eq(rentalApplications.rentalId, itemId));
    for (const spelling of ['pending', 'ACCEPTED', 'Rejected', 'cancelled']) {
      const status = spelling.toUpperCase();
      const response = await get(`${rentalPath}/${itemId}?status=${spelling}`);
      expect(response.statusCode, spelling).toBe(200);
      const body = rentalApplicantsResponseSchema.parse(response.json());
      const expected = stored.filter((row) => row.status === status);
      expect(body.searchcount, spelling).toBe(expected.length);
      expect(body.applications.map((application) => application._id).sort()).toEqual(
        expected.map((row) => row.id).sort(),
      );
      for (const application of body.applications) expect(application.application_status).toBe(status);
    }
  });

  it('pages rentals 30 and jobs up to 100 by default', async () => {
    const { itemId: rentalId } = await mostApplied(rentalApplications);
    const { itemId: jobId } = await mostApplied(jobApplications);
    const base = Date.parse('2030-01-01T00:00:00Z');
    await context.database.db.insert(rentalApplications).values(
      Array.from({ length: 35 }, (_, index) => ({
        rentalId,
        name: `Guest ${index}`,
        startDate: '2030-02-01',
        endDate: '2030-02-05',
        createdAt: new Date(base + index * 60_000),
      })),
    );
    await context.database.db
      .insert(jobApplications)
      .values(
        Array.from({ length: 35 }, (_, index) => ({ jobId, createdAt: new Date(base + index * 60_000) })),
      );
    const rentalsBody = rentalApplicantsResponseSchema.parse((await get(`${rentalPath}/${rentalId}`)).json());
    expect(rentalsBody.applications).toHaveLength(RENTAL_APPLICANTS_PAGE_SIZE);
    expect(rentalsBody.applications[0]).toMatchObject({
      name: 'Guest 34',
      dates: { start: '2030-02-01', end: '2030-02-05' },
      application_status: 'PENDING',
    });
    expect(rentalsBody.searchcount).toBeGreaterThan(35);
    const jobsBody = jobApplicantsResponseSchema.parse(
      (await get(`/admin/jobApplicants/${jobId}?status=All`)).json(),
    );
    expect(jobsBody.searchcount).toBeGreaterThan(35);
    expect(jobsBody.applications).toHaveLength(Math.min(jobsBody.searchcount, 100));
  });

  it('answers 400 for bad ids and query values, 404 for an unknown item', async () => {
    const { itemId } = await mostApplied(jobApplications);
    for (const url of [
      `${rentalPath}/not-a-uuid`,
      `/admin/jobApplicants/123`,
      `/admin/jobApplicants/${itemId}?status=OPEN`,
      `/admin/jobApplicants/${itemId}?limit=0`,
      `/admin/jobApplicants/${itemId}?limit=101`,
      `/admin/jobApplicants/${itemId}?skip=-1`,
      `/admin/jobApplicants/${itemId}?skip=x`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await get(`${rentalPath}/${UNKNOWN_ID}`)).statusCode).toBe(404);
    expect((await get(`/admin/jobApplicants/${UNKNOWN_ID}`)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('lets a sub-admin read only the areas of its modules', async () => {
    const cafeReader = bearer(
      await signIn(
        context,
        await createAccount(context, {
          role: 'sub-admin',
          permissions: { cafeManagement: { read: 1, write: 0, delete: 0 } },
        }),
      ),
    );
    const { itemId: cafeId } = await mostReviewed('cafe');
    const { itemId: rentalId } = await mostReviewed('rental');
    expect((await get(`/admin/cafe/${cafeId}`, cafeReader)).statusCode).toBe(200);
    expect((await get(`/admin/cafe/review?itemID=${cafeId}`, cafeReader)).statusCode).toBe(200);
    expect((await get(`/admin/rental/${rentalId}`, cafeReader)).statusCode).toBe(403);
    expect((await get(`/admin/rental/review?itemID=${rentalId}`, cafeReader)).statusCode).toBe(403);
    expect((await get(`/admin/rental/applicants/${rentalId}`, cafeReader)).statusCode).toBe(403);
    expect((await get(`/admin/jobApplicants/${rentalId}`, cafeReader)).statusCode).toBe(403);
  });
});

describe('OpenAPI document', () => {
  it('describes the detail routes', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const expected of [
      '/admin/rental/{id}',
      '/admin/job/{id}',
      '/admin/cafe/{id}',
      '/admin/shop/{id}',
      '/admin/explore/{id}',
      '/admin/city/{id}',
      '/admin/rental/review',
      '/admin/job/review',
      '/admin/rental/applicants/{id}',
      '/admin/jobApplicants/{id}',
      '/admin/users/profile/data',
      '/admin/group/{id}',
      '/admin/group/remove/members',
    ]) {
      expect(paths).toContain(expected);
    }
  });
});
