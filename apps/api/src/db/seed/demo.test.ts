import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applicationStatusSchema, richTextNodeSchema } from '@roam/contract/entities';
import { RECORD_STATUSES } from '@roam/contract/status';
import { asc, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/database';
import type { Database, DatabaseHandle } from '../client';
import * as schema from '../schema';
import { parseSeedArgs, SeedArgsError } from './cli-args';
import { ACTIVITY_DAYS, demoCounts, type SeedSummary, seedDemo } from './demo';
import { COUNTRIES } from './places';

const USERS = 300;
const NOW = new Date('2026-05-15T10:30:00Z');

type Run = { handle: DatabaseHandle; uploadsDir: string; summary: SeedSummary };

async function seededRun(): Promise<Run> {
  const handle = await openTestDatabase();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'roam-seed-'));
  const summary = await seedDemo(handle.db, { users: USERS, uploadsDir, now: NOW });
  return { handle, uploadsDir, summary };
}

/** Every row of a table in a stable order. */
async function allRows(db: Database, table: PgTable): Promise<unknown[]> {
  return db.select().from(table).orderBy(sql`1, 2, 3`);
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The TipTap nodes and marks the explore editor uses. */
const NODE_TYPES = new Set([
  'doc',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'text',
  'hardBreak',
]);
const MARK_TYPES = new Set(['bold', 'italic', 'underline', 'strike', 'code', 'link']);

type Node = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: Node[];
};

/** Problems with a rich-text document, as paths; empty when valid. */
function docProblems(node: Node, at = 'doc'): string[] {
  const problems: string[] = [];
  if (!NODE_TYPES.has(node.type)) problems.push(`${at}: node ${node.type}`);
  if (node.type === 'text') {
    if (!node.text) problems.push(`${at}: empty text`);
    if (node.content) problems.push(`${at}: text with content`);
  } else if (node.type !== 'hardBreak' && (!node.content || node.content.length === 0)) {
    problems.push(`${at}: ${node.type} without content`);
  }
  if (node.type === 'heading') {
    const level = node.attrs?.level;
    if (typeof level !== 'number' || level < 1 || level > 6) problems.push(`${at}: heading level ${level}`);
  }
  if (node.type === 'bulletList' && node.content?.some((child) => child.type !== 'listItem')) {
    problems.push(`${at}: bulletList child not listItem`);
  }
  for (const mark of node.marks ?? []) {
    if (!MARK_TYPES.has(mark.type)) problems.push(`${at}: mark ${mark.type}`);
    if (mark.type === 'link' && !/^https?:\/\//.test(String(mark.attrs?.href))) {
      problems.push(`${at}: link ${mark.attrs?.href}`);
    }
  }
  node.content?.forEach((child, i) => {
    problems.push(...docProblems(child, `${at}.${i}`));
  });
  return problems;
}

function marksIn(node: Node): string[] {
  return [...(node.marks ?? []).map((mark) => mark.type), ...(node.content ?? []).flatMap(marksIn)];
}

describe('seedDemo', () => {
  let run: Run;
  let db: Database;

  beforeAll(async () => {
    run = await seededRun();
    db = run.handle.db;
  });

  afterAll(async () => {
    await run?.handle.close();
    if (run) rmSync(run.uploadsDir, { recursive: true, force: true });
  });

  it('writes the planned proportions and reports them', async () => {
    const planned = demoCounts(USERS);
    const { rows: written } = run.summary;
    expect(written.users).toBe(USERS);
    expect(written.cafes).toBe(30);
    expect(written.shops).toBe(30);
    expect(written.rentals).toBe(30);
    expect(written.jobs).toBe(30);
    // N/20 = 15, raised to the minimum of 20.
    expect(written.groups).toBe(20);
    expect(written.explores).toBe(20);
    expect(written.reports).toBe(planned.reports);
    expect(written.contact_requests).toBe(planned.contactRequests);
    expect(written.promos).toBe(30);
    expect(written.cities).toBeGreaterThanOrEqual(40);
    expect(written.user_activity).toBeGreaterThan(USERS * 3);
    expect(written.friendships).toBeGreaterThan(USERS);
    expect(written.reviews).toBeGreaterThan(100);
    expect(written.rental_applications).toBeGreaterThan(20);
    expect(written.job_applications).toBeGreaterThan(20);
    expect(written.group_members).toBeGreaterThan(written.groups * 2);
    expect(run.summary.images).toBeGreaterThan(40);

    const tables: Record<string, PgTable> = {
      users: schema.users,
      friendships: schema.friendships,
      cities: schema.cities,
      explores: schema.explores,
      cafes: schema.cafes,
      shops: schema.shops,
      rentals: schema.rentals,
      rental_applications: schema.rentalApplications,
      jobs: schema.jobs,
      job_applications: schema.jobApplications,
      reviews: schema.reviews,
      groups: schema.groups,
      group_members: schema.groupMembers,
      promos: schema.promos,
      reports: schema.reports,
      contact_requests: schema.contactRequests,
      user_activity: schema.userActivity,
    };
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      expect(row?.n, name).toBe(written[name as keyof typeof written]);
    }
  });

  it('gives users realistic, unique identities spread over three years, newest most', async () => {
    const users = await db.select().from(schema.users).orderBy(asc(schema.users.userId));
    expect(users[0]?.userId).toBe('U0000001');
    expect(users.at(-1)?.userId).toBe('U0000300');
    expect(new Set(users.map((u) => u.email.toLowerCase())).size).toBe(USERS);
    expect(new Set(users.map((u) => u.username)).size).toBe(USERS);
    const countries = new Set(COUNTRIES.map((c) => c.name));
    const threeYearsAgo = NOW.getTime() - ACTIVITY_DAYS * 86_400_000;
    for (const user of users) {
      expect(user.role).toBe('user');
      expect(RECORD_STATUSES).toContain(user.status);
      expect(user.email).toMatch(/^[a-z0-9._]+@[a-z.]+$/);
      expect(user.fullname.length).toBeGreaterThan(1);
      expect(user.lastname.length).toBeGreaterThan(1);
      expect(countries.has(user.homeLocation ?? '')).toBe(true);
      expect(user.createdAt.getTime()).toBeGreaterThanOrEqual(threeYearsAgo);
      expect(user.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(user.updatedAt.getTime()).toBeGreaterThanOrEqual(user.createdAt.getTime());
    }
    const statuses = (status: string) => users.filter((u) => u.status === status).length;
    expect(statuses('ACTIVE')).toBeGreaterThan(USERS * 0.7);
    expect(statuses('INACTIVE')).toBeGreaterThan(0);
    expect(statuses('DELETED')).toBeGreaterThan(0);
    expect(users.some((u) => u.isBlocked)).toBe(true);
    const year = 365 * 86_400_000;
    const firstYear = users.filter((u) => u.createdAt.getTime() < threeYearsAgo + year).length;
    const lastYear = users.filter((u) => u.createdAt.getTime() > NOW.getTime() - year).length;
    expect(lastYear).toBeGreaterThan(firstYear * 1.5);
  });

  it('keeps every status within ACTIVE, INACTIVE and DELETED', async () => {
    for (const table of [
      'users',
      'cities',
      'explores',
      'cafes',
      'shops',
      'rentals',
      'jobs',
      'promos',
      'reports',
      'contact_requests',
      'group_members',
    ]) {
      const found = await rows<{ status: string }>(db, sql.raw(`select distinct status from ${table}`));
      for (const { status } of found) expect(RECORD_STATUSES, table).toContain(status);
    }
    for (const table of ['rental_applications', 'job_applications']) {
      const found = await rows<{ status: string }>(db, sql.raw(`select distinct status from ${table}`));
      for (const { status } of found) expect(applicationStatusSchema.options, table).toContain(status);
    }
  });

  it('references only rows that exist', async () => {
    const orphans = await rows<{ kind: string; n: number }>(
      db,
      sql`select item_type as kind, count(*)::int as n from reviews r where not exists (
            select 1 from rentals where r.item_type = 'rental' and id = r.item_id
            union all select 1 from cafes where r.item_type = 'cafe' and id = r.item_id
            union all select 1 from shops where r.item_type = 'shop' and id = r.item_id
            union all select 1 from jobs where r.item_type = 'job' and id = r.item_id)
          group by item_type`,
    );
    expect(orphans).toEqual([]);
    const kinds = await rows<{ kind: string }>(
      db,
      sql`select distinct item_type as kind from reviews order by 1`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(['cafe', 'job', 'rental', 'shop']);
    const ratings = await rows<{ min: number; max: number }>(
      db,
      sql`select min(rating) as min, max(rating) as max from reviews`,
    );
    expect(ratings[0]).toEqual({ min: 1, max: 5 });

    const promos = await db.select().from(schema.promos);
    const detail: Record<string, string> = {
      cafe: 'cafes',
      shop: 'shops',
      explore: 'explores',
      job: 'jobs',
      rental: 'rentals',
    };
    expect(new Set(promos.map((p) => p.type))).toEqual(new Set(Object.keys(detail)));
    for (const promo of promos) {
      const id = promo.internalUrl.split('/').at(-1) ?? '';
      const found = await rows<{ id: string }>(
        db,
        sql`select id from ${sql.identifier(detail[promo.type] as string)} where id = ${id}`,
      );
      expect(found, promo.internalUrl).toHaveLength(1);
      expect(promo.cityId).not.toBeNull();
      expect(promo.externalUrl).toMatch(/^https:\/\//);
    }

    const selfFriends = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from friendships where user_id = friend_id`,
    );
    expect(selfFriends[0]?.n).toBe(0);
    const kindsOfFriendship = await rows<{ kind: string }>(
      db,
      sql`select distinct kind from friendships order by 1`,
    );
    expect(kindsOfFriendship.map((k) => k.kind)).toEqual(['blocked', 'friend']);

    const selfReports = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reports where user_id = reported_user_id`,
    );
    expect(selfReports[0]?.n).toBe(0);
  });

  it('gives a handful of users five or more of everything (View All previews)', async () => {
    const counts = await rows<{
      user_id: string;
      cafes: number;
      jobs: number;
      rentals: number;
      shops: number;
      groups: number;
    }>(
      db,
      sql`select u.user_id,
            (select count(*)::int from cafes where user_id = u.id) as cafes,
            (select count(*)::int from jobs where user_id = u.id) as jobs,
            (select count(*)::int from rentals where user_id = u.id) as rentals,
            (select count(*)::int from shops where user_id = u.id) as shops,
            (select count(*)::int from groups where user_id = u.id) as groups
          from users u where u.user_id in ('U0000001', 'U0000002') order by 1`,
    );
    expect(counts).toHaveLength(2);
    for (const row of counts) {
      for (const area of ['cafes', 'jobs', 'rentals', 'shops', 'groups'] as const) {
        expect(row[area], `${row.user_id} ${area}`).toBeGreaterThanOrEqual(5);
      }
    }
    const owners = await rows<{ n: number }>(db, sql`select count(distinct user_id)::int as n from cafes`);
    expect(owners[0]?.n).toBeGreaterThan(5);
  });

  it('fills cities, rentals, jobs and groups realistically', async () => {
    const cities = await db.select().from(schema.cities);
    expect(new Set(cities.map((c) => c.countryIso)).size).toBeGreaterThanOrEqual(25);
    for (const city of cities) {
      expect(city.countryIso).toMatch(/^[A-Z]{2}$/);
      expect(city.currency).toMatch(/^[A-Z]{3}$/);
      expect(city.imageUrls).toHaveLength(1);
    }

    const rentals = await db.select().from(schema.rentals);
    for (const rental of rentals) {
      const beds = rental.bedDetails as { bed_type: string; count: number }[];
      expect(beds.reduce((sum, bed) => sum + bed.count, 0)).toBe(rental.beds);
      expect(rental.checkin).toMatch(/^\d{2}:\d{2}$/);
      expect(rental.checkout).toMatch(/^\d{2}:\d{2}$/);
      expect(rental.amenities.length).toBeGreaterThan(3);
      expect(rental.safetyAmenities.length).toBeGreaterThan(0);
      expect(rental.houseRules.length).toBeGreaterThan(0);
      expect(rental.guestRequirements.length).toBeGreaterThan(0);
      expect(rental.basePrice).toBeGreaterThan(0);
      expect(rental.currency).toMatch(/^[A-Z]{3}$/);
      expect(rental.account).not.toBe('');
      expect(rental.ifsc).not.toBe('');
      expect(rental.minBookingNights).toBeLessThanOrEqual(rental.maxBookingNights);
      for (const field of [
        'contact',
        'alternateContact',
        'addressLine1',
        'addressLine2',
        'pincode',
        'state',
        'country',
        'terms',
        'propertyType',
        'propertyCategory',
        'typeOfPlace',
        'bathroomType',
        'guestNoticePeriod',
        'expectationPeriodOfGuests',
        'guestBookingBefore',
      ] as const) {
        expect(rental[field], field).not.toBe('');
      }
    }
    const applications = await db.select().from(schema.rentalApplications);
    for (const application of applications) expect(application.endDate > application.startDate).toBe(true);

    const jobs = await db.select().from(schema.jobs);
    const withQuestions = jobs.filter((job) => job.question1 !== null).length;
    expect(withQuestions).toBeGreaterThan(jobs.length / 2);
    expect(withQuestions).toBeLessThan(jobs.length);
    for (const job of jobs) {
      // Questions fill from the first one: no gaps.
      const asked = [job.question1, job.question2, job.question3, job.question4];
      const firstGap = asked.indexOf(null);
      expect(firstGap === -1 || asked.slice(firstGap).every((q) => q === null)).toBe(true);
    }
    const jobApplications = await db.select().from(schema.jobApplications);
    expect(jobApplications.some((a) => (a.answer1 ?? '').length > 100)).toBe(true);
    for (const application of jobApplications) {
      if (application.resume !== null)
        expect(application.resume).toMatch(/^https:\/\/example\.com\/resumes\/\d+\.pdf$/);
    }

    const groups = await db.select().from(schema.groups);
    expect(new Set(groups.map((g) => g.statusId)).size).toBe(groups.length);
    for (const group of groups) {
      expect(group.statusId).toMatch(/^G\d{6}$/);
      expect(group.rating).toBeGreaterThanOrEqual(0);
      expect(group.rating).toBeLessThanOrEqual(5);
      if (group.deleted) expect(group.active).toBe(false);
    }
    const members = await db.select().from(schema.groupMembers);
    expect(members.filter((m) => m.status === 'ACTIVE').length).toBeGreaterThan(members.length * 0.7);
    expect(members.some((m) => m.removed)).toBe(true);
    for (const member of members) expect(member.removed).toBe(member.status === 'DELETED');
  });

  it('stores explore bodies as valid TipTap documents', async () => {
    const explores = await db.select().from(schema.explores);
    for (const explore of explores) {
      const body = explore.body as Node;
      expect(body.type).toBe('doc');
      expect(docProblems(body), explore.title).toEqual([]);
      expect(richTextNodeSchema.safeParse(body).success).toBe(true);
      const marks = marksIn(body);
      expect(marks).toEqual(expect.arrayContaining(['bold', 'italic', 'link']));
      const blocks = (body.content ?? []).map((node) => node.type);
      expect(blocks).toEqual(expect.arrayContaining(['heading', 'paragraph', 'bulletList']));
    }
  });

  it('writes real images for every image URL it stores', async () => {
    const urls = await rows<{ url: string }>(
      db,
      sql`select distinct url from (
            select unnest(image_urls) as url from cities
            union all select unnest(image_urls) from explores
            union all select unnest(photos) from cafes
            union all select unnest(menu) from cafes
            union all select unnest(photos) from shops
            union all select unnest(images) from rentals
            union all select logo from jobs
            union all select unnest(image_urls) from groups
            union all select image_url from promos
            union all select unnest(image_urls) from reports
            union all select profile_url from users) all_urls
          where url is not null`,
    );
    expect(urls.length).toBeGreaterThan(40);
    const files = new Set(readdirSync(run.uploadsDir));
    for (const { url } of urls) {
      expect(url).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
      expect(files.has(url.slice('/uploads/'.length)), url).toBe(true);
    }
    for (const file of files) {
      const meta = await sharp(path.join(run.uploadsDir, file)).metadata();
      expect(meta.format, file).toBe('webp');
      expect(meta.width).toBeGreaterThanOrEqual(256);
      expect(meta.height).toBeGreaterThanOrEqual(256);
    }
    const cityImages = await db.select({ urls: schema.cities.imageUrls }).from(schema.cities);
    expect(new Set(cityImages.map((c) => c.urls[0])).size).toBe(cityImages.length);
  });

  it('writes activity over the three years, every user on the day they joined, growing over time', async () => {
    const span = await rows<{ first: string; last: string; users: number; countries: number }>(
      db,
      sql`select min(day)::text as first, max(day)::text as last, count(distinct user_id)::int as users,
            count(distinct country)::int as countries from user_activity`,
    );
    const start = NOW.getTime() - (ACTIVITY_DAYS - 1) * 86_400_000;
    const first = Date.parse(span[0]?.first ?? '');
    expect(first).toBeGreaterThanOrEqual(Date.parse(new Date(start).toISOString().slice(0, 10)));
    expect(first).toBeLessThan(start + 30 * 86_400_000);
    expect(span[0]?.last).toBe(NOW.toISOString().slice(0, 10));
    expect(span[0]?.users).toBe(USERS);
    expect(span[0]?.countries).toBeGreaterThan(10);
    const joinedDays = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u
          where not exists (select 1 from user_activity a
                            where a.user_id = u.id and a.day = (u.created_at at time zone 'UTC')::date)`,
    );
    expect(joinedDays[0]?.n).toBe(0);
    const yearly = await rows<{ year: number; total: number }>(
      db,
      sql`select (day - ${span[0]?.first}::date) / 366 as year, count(*)::int as total
          from user_activity group by 1 order by 1`,
    );
    expect(yearly.map((y) => y.year)).toEqual([0, 1, 2]);
    expect(yearly[2]?.total).toBeGreaterThan(yearly[1]?.total ?? 0);
    expect(yearly[1]?.total).toBeGreaterThan(yearly[0]?.total ?? 0);
  });

  it('leaves the analytics rollups equal to distinct counts of the raw activity', async () => {
    const monthly = await rows<{ period: string; users: number; fresh: number }>(
      db,
      sql`select c.period::text, c.users, f.fresh from active_user_counts c
          join (select date_trunc('month', day::timestamp)::date as period, count(distinct user_id)::int as fresh
                from user_activity group by 1) f on f.period = c.period
          where c.granularity = 'month'`,
    );
    expect(monthly.length).toBe(37);
    for (const month of monthly) expect(month.users, month.period).toBe(month.fresh);
  });

  it('refuses to seed a database that already holds data', async () => {
    await expect(seedDemo(db, { users: 10, uploadsDir: run.uploadsDir, now: NOW })).rejects.toThrow(
      /empty database/,
    );
  });

  it('is deterministic: the same options give the same rows and images', async () => {
    const again = await seededRun();
    try {
      expect(again.summary.rows).toEqual(run.summary.rows);
      for (const table of [
        schema.users,
        schema.friendships,
        schema.cities,
        schema.explores,
        schema.cafes,
        schema.shops,
        schema.rentals,
        schema.rentalApplications,
        schema.jobs,
        schema.jobApplications,
        schema.reviews,
        schema.groups,
        schema.groupMembers,
        schema.promos,
        schema.reports,
        schema.contactRequests,
        schema.userActivity,
        schema.activeUserCounts,
        schema.countryLastActive,
      ]) {
        expect(await allRows(again.handle.db, table)).toEqual(await allRows(db, table));
      }
      for (const file of readdirSync(run.uploadsDir)) {
        const other = path.join(again.uploadsDir, file);
        expect(existsSync(other), file).toBe(true);
        expect(readFileSync(other).equals(readFileSync(path.join(run.uploadsDir, file))), file).toBe(true);
      }
    } finally {
      await again.handle.close();
      rmSync(again.uploadsDir, { recursive: true, force: true });
    }
  });
});

describe('parseSeedArgs', () => {
  it('reads --users in both spellings and defaults the rest', () => {
    expect(parseSeedArgs([])).toEqual({ help: false, users: 3000, seed: 1 });
    expect(parseSeedArgs(['--users', '250'])).toEqual({ help: false, users: 250, seed: 1 });
    expect(parseSeedArgs(['--users=1_000_000', '--seed=7'])).toEqual({
      help: false,
      users: 1_000_000,
      seed: 7,
    });
    expect(parseSeedArgs(['--help'])).toEqual({ help: true });
  });

  it('rejects anything but a positive whole number, with a clear message', () => {
    for (const [args, message] of [
      [['--users'], /--users needs a value/],
      [['--users', '0'], /between 1 and 10,000,000/],
      [['--users', '-5'], /needs a value|whole number/],
      [['--users', '12.5'], /whole number/],
      [['--users', 'many'], /whole number, got "many"/],
      [['--users', '20000000'], /between 1 and 10,000,000/],
      [['--frobnicate'], /Unknown argument/],
    ] as const) {
      expect(() => parseSeedArgs(args), args.join(' ')).toThrow(SeedArgsError);
      expect(() => parseSeedArgs(args), args.join(' ')).toThrow(message);
    }
  });
});
