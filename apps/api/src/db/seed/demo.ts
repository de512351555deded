import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import {
  cafes,
  cities,
  contactRequests,
  explores,
  friendships,
  groupMembers,
  groups,
  jobApplications,
  jobs,
  promos,
  rentalApplications,
  rentals,
  reports,
  reviews,
  shops,
  userActivity,
  users,
} from '../schema';
import { type ImagePlan, planImages, renderImages } from './images';
import { CITIES, type CityInfo, COUNTRIES, type Country, countryOf, slug } from './places';
import { Keyed, type Rng } from './random';
import { exploreBody } from './rich-text';
import {
  AMENITIES,
  APPLICATION_STATUS_WEIGHTS,
  BANK_CODES,
  BATHROOM_TYPES,
  BED_TYPES,
  BOOKING_BEFORE,
  CAFE_DESCRIPTIONS,
  CAFE_DETAILS,
  CAFE_FIRST,
  CAFE_SECOND,
  CAFE_SUFFIX,
  CAFE_TIMINGS,
  CHECKIN_TIMES,
  CHECKOUT_TIMES,
  COMMON_SPACE_BED_TYPES,
  COMMON_SPACES,
  COMPANY_FIRST,
  COMPANY_SECOND,
  CONTACT_TEXTS,
  CUISINES,
  EMAIL_DOMAINS,
  EXPECTATION_PERIODS,
  EXPLORE_TITLES,
  FIRST_NAMES,
  GROUP_DESCRIPTIONS,
  GROUP_TEMPLATES,
  GUEST_REQUIREMENTS,
  HOUSE_RULES,
  ISSUE_TEXTS,
  ISSUE_TYPES,
  JOB_DESCRIPTIONS,
  JOB_QUESTIONS,
  JOB_TYPES,
  LAST_NAMES,
  LONG_ANSWERS,
  MARKETS,
  NOTICE_PERIODS,
  POSITIONS,
  PROMO_TEMPLATES,
  PROPERTY_CATEGORIES,
  PROPERTY_TYPES,
  QUALIFICATIONS,
  RATING_WEIGHTS,
  RENTAL_ADJECTIVES,
  RENTAL_DESCRIPTIONS,
  RENTAL_TERMS,
  REVIEWS,
  SAFETY_AMENITIES,
  SHOP_DESCRIPTIONS,
  SHOP_DETAILS,
  SHOP_FIRST,
  SHOP_SUFFIX,
  SHOP_TIMINGS,
  SHORT_ANSWERS,
  STATUS_WEIGHTS,
  SWIFT_BANKS,
} from './words';
import { Sink, Writer } from './writer';

/**
 * The demo data set (SPEC §3): users and everything they own, deterministic for given options.
 * Every row is a pure function of (seed, table, index), generated and written in batches, so
 * memory stays flat from a hundred users to a million.
 */

export type SeedOptions = {
  /** How many ordinary users (role 'user'); the other tables scale from it. */
  users: number;
  /** Where the demo images are written (created if missing); rows point at '/uploads/<file>'. */
  uploadsDir: string;
  /** "Now" of the data set: dates run over the three years before it. Default: the clock. */
  now?: Date;
  /** PRNG seed; the same options give the same rows. Default 1. */
  seed?: number;
  /**
   * INSERT statements in flight at once. 1 (default) writes everything in one transaction;
   * more needs a connection pool (PostgreSQL) and writes without a surrounding transaction.
   */
  concurrency?: number;
  /** Rows per INSERT (capped so no statement exceeds PostgreSQL's parameter limit). Default 1000. */
  batchSize?: number;
  onProgress?: (message: string) => void;
};

export type SeedTable =
  | 'users'
  | 'friendships'
  | 'cities'
  | 'explores'
  | 'cafes'
  | 'shops'
  | 'rentals'
  | 'rental_applications'
  | 'jobs'
  | 'job_applications'
  | 'reviews'
  | 'groups'
  | 'group_members'
  | 'promos'
  | 'reports'
  | 'contact_requests'
  | 'user_activity';

export type SeedSummary = {
  /** Rows written per table. */
  rows: Record<SeedTable, number>;
  /** Image files written to uploadsDir. */
  images: number;
  durationMs: number;
};

/** The tables the database's triggers fill from the seeded rows (analysed after seeding too). */
const ROLLUP_TABLES = [
  'status_counts',
  'day_counts',
  'activity_users',
  'activity_user_countries',
  'active_user_counts',
  'country_last_active',
  'groups_created_daily',
] as const;

/** How many rows of each top-level area a data set of `users` users gets. */
export function demoCounts(userCount: number) {
  const share = (divisor: number) => Math.max(20, Math.round(userCount / divisor));
  return {
    cafes: share(10),
    shops: share(10),
    rentals: share(10),
    jobs: share(10),
    groups: share(20),
    explores: share(20),
    reports: share(20),
    contactRequests: share(20),
    promos: 30,
  };
}

/** The first users (U0000001...) are long-standing, active members who own several of everything. */
export const SHOWCASE_USERS = 5;
/** Items each showcase owner gets of every kind (View All needs 5). */
export const SHOWCASE_ITEMS = 6;
/** Days of activity history (three years). */
export const ACTIVITY_DAYS = 1096;

const DAY_MS = 86_400_000;
/** Sign-ups grow exponentially: the last day sees about e^GROWTH times the first day's. */
const GROWTH = 1.6;
const PROGRESS_EVERY = 100_000;

const USER_STATUS_WEIGHTS = [
  ['ACTIVE', 85],
  ['INACTIVE', 10],
  ['DELETED', 5],
] as const;
const CITY_STATUS_WEIGHTS = [
  ['ACTIVE', 90],
  ['INACTIVE', 7],
  ['DELETED', 3],
] as const;
const COUNTRY_WEIGHTS = COUNTRIES.map((country) => [country, country.weight] as const);
const COUNTRY_BY_NAME = new Map(COUNTRIES.map((country) => [country.name, country]));
/** How often a user is active on a day while engaged: a few heavy users, many light ones. */
const ENGAGEMENT_WEIGHTS = [
  [0.2, 5],
  [0.05, 25],
  [0.012, 70],
] as const;
/** Users drift away after this many days on average (exponentially distributed). */
const MEAN_ENGAGED_DAYS = 420;
const PROMO_TYPES = ['cafe', 'shop', 'explore', 'job', 'rental'] as const;

/** ASCII handle parts: 'Dvořák' -> 'dvorak', "O'Brien" -> 'obrien'. */
const FIRST_HANDLES = FIRST_NAMES.map((name) => slug(name).replaceAll('-', ''));
const LAST_HANDLES = LAST_NAMES.map((name) => slug(name).replaceAll('-', ''));

type UserCore = {
  id: string;
  index: number;
  t: number;
  fullname: string;
  lastname: string;
};

type ItemCore = { rng: Rng; id: string; owner: number; city: CityInfo; cityIndex: number; t: number };

function fill(template: string, city: CityInfo, district: string): string {
  return template.replaceAll('{city}', city.name).replaceAll('{district}', district);
}

/** Prices that look typed by a person: 7.5, 45, 1250, 38000, 1200000. */
function nice(value: number): number {
  if (value < 10) return Math.round(value * 2) / 2;
  if (value < 100) return Math.round(value);
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / step) * step;
}

const KEY_TAGS = [
  'user',
  'friend',
  'city',
  'explore',
  'cafe',
  'shop',
  'rental',
  'rentalApp',
  'job',
  'jobApp',
  'group',
  'member',
  'promo',
  'report',
  'contact',
  'activity',
] as const;
type KeyTag = (typeof KEY_TAGS)[number];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

class DemoData {
  readonly n: number;
  readonly counts: ReturnType<typeof demoCounts>;
  readonly images: ImagePlan;
  private readonly start: number;
  private readonly span: number;
  private readonly key: (tag: string) => Keyed;
  /** One keyed generator per table: row i of a table is `k.<table>.rng(i)`, its id `k.<table>.uuid(i)`. */
  readonly k: Record<KeyTag, Keyed>;

  constructor(options: { users: number; now: Date; seed: number }) {
    this.n = options.users;
    this.counts = demoCounts(options.users);
    this.images = planImages();
    const end = Math.floor(options.now.getTime() / 1000) * 1000;
    this.span = (ACTIVITY_DAYS - 1) * DAY_MS;
    this.start = end - this.span;
    this.key = (tag) => new Keyed(options.seed, tag);
    this.k = Object.fromEntries(KEY_TAGS.map((tag) => [tag, this.key(tag)])) as Record<KeyTag, Keyed>;
  }

  reviewKeys(kind: string): { item: Keyed; row: Keyed } {
    return { item: this.key(`review-item:${kind}`), row: this.key(`review:${kind}`) };
  }

  /** t in [0, 1] over the three years -> a Date (whole seconds). */
  date(t: number): Date {
    return new Date(Math.floor((this.start + t * this.span) / 1000) * 1000);
  }

  /** A time after t; skew < 1 leans towards now, > 1 towards t. */
  later(rng: Rng, t: number, skew = 0.7): number {
    return t + (1 - t) * rng.next() ** skew;
  }

  /** Share of all users signed up by t (exponential growth). */
  signedUpShare(t: number): number {
    return Math.expm1(GROWTH * t) / Math.expm1(GROWTH);
  }

  /** User i's sign-up time: users are numbered in sign-up order. */
  userTime(index: number): number {
    return this.userTimeFrom(this.k.user.rng(index), index);
  }

  private userTimeFrom(rng: Rng, index: number): number {
    const share = (index + rng.next()) / this.n;
    return Math.log1p(share * Math.expm1(GROWTH)) / GROWTH;
  }

  userRow(index: number): (typeof users)['$inferInsert'] & UserCore {
    const rng = this.k.user.rng(index);
    const t = this.userTimeFrom(rng, index);
    const first = rng.int(0, FIRST_NAMES.length - 1);
    const last = rng.int(0, LAST_NAMES.length - 1);
    const country = rng.weighted(COUNTRY_WEIGHTS);
    const f = FIRST_HANDLES[first] as string;
    const l = LAST_HANDLES[last] as string;
    const number = index + 1;
    const style = rng.int(0, 4);
    const username =
      style === 0
        ? `${f}.${l}${number}`
        : style === 1
          ? `${f}${l}${number}`
          : style === 2
            ? `${f}_${l[0]}${number}`
            : style === 3
              ? `${f}${number}`
              : `${l}.${f}${number}`;
    const showcase = index < SHOWCASE_USERS;
    const status = showcase ? 'ACTIVE' : rng.weighted(USER_STATUS_WEIGHTS);
    const isBlocked = !showcase && rng.chance(0.04);
    const profileUrl = showcase || rng.chance(0.65) ? rng.pick(this.images.avatars) : null;
    return {
      id: this.k.user.uuid(index),
      index,
      t,
      userId: `U${String(number).padStart(7, '0')}`,
      username,
      email: `${username}@${rng.pick(EMAIL_DOMAINS)}`,
      role: 'user',
      status,
      isBlocked,
      fullname: FIRST_NAMES[first] as string,
      lastname: LAST_NAMES[last] as string,
      profileUrl,
      homeLocation: country.name,
      createdAt: this.date(t),
      updatedAt: this.date(this.later(rng, t, 2)),
    };
  }

  userId(index: number): string {
    return this.k.user.uuid(index);
  }

  randomUser(rng: Rng, not = -1): number {
    const index = rng.int(0, this.n - 1);
    return index === not && this.n > 1 ? (index + 1) % this.n : index;
  }

  /** The first SHOWCASE_ITEMS x S items of a kind belong to the showcase users; the rest to anyone. */
  owner(rng: Rng, index: number, count: number): number {
    const showcase = Math.min(SHOWCASE_USERS, this.n, Math.max(1, Math.floor(count / 8)));
    return index < showcase * SHOWCASE_ITEMS ? index % showcase : this.randomUser(rng);
  }

  cityId(cityIndex: number): string {
    return this.k.city.uuid(cityIndex);
  }

  /** Cities are set up in the first months, before anything is listed in them. */
  cityTime(cityIndex: number): number {
    return 0.002 + (0.08 * cityIndex) / CITIES.length;
  }

  /** The draws every row of a user-owned, city-bound item starts with. */
  item(keyed: Keyed, index: number, count: number): ItemCore {
    const rng = keyed.rng(index);
    const owner = this.owner(rng, index, count);
    const cityIndex = rng.int(0, CITIES.length - 1);
    const t = this.later(rng, Math.max(this.userTime(owner), this.cityTime(cityIndex)));
    return { rng, id: keyed.uuid(index), owner, city: CITIES[cityIndex] as CityInfo, cityIndex, t };
  }

  /** An item of the data set made by the admins (explores): any city, any time after it. */
  explore(index: number): ItemCore {
    const rng = this.k.explore.rng(index);
    const cityIndex = rng.int(0, CITIES.length - 1);
    const t = this.later(rng, this.cityTime(cityIndex));
    return {
      rng,
      id: this.k.explore.uuid(index),
      owner: -1,
      city: CITIES[cityIndex] as CityInfo,
      cityIndex,
      t,
    };
  }

  phone(rng: Rng, country: Country): string {
    return `+${country.dialCode} ${rng.pattern('### ### ####')}`;
  }

  address(rng: Rng, city: CityInfo): { line: string; district: string } {
    const district = rng.pick(city.districts);
    return { line: `${rng.int(1, 240)} ${rng.pick(city.streets)}, ${district}`, district };
  }

  /** A price in the city's currency from a range in US dollars (scaled by living costs). */
  price(rng: Rng, city: CityInfo, minUsd: number, maxUsd: number): number {
    const usd = minUsd + (maxUsd - minUsd) * rng.next();
    return nice(usd * city.costFactor * countryOf(city.iso).perUsd);
  }
}

/** Writes the demo data set into an empty database and its images into `uploadsDir`. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.users) || options.users < 1) {
    throw new Error(`users must be a positive integer (got ${options.users})`);
  }
  const began = performance.now();
  const progress = options.onProgress ?? (() => {});
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  const data = new DemoData({
    users: options.users,
    now: options.now ?? new Date(),
    seed: options.seed ?? 1,
  });

  const existingUser = await db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).limit(1);
  const existingCity = await db.select({ id: cities.id }).from(cities).limit(1);
  if (existingUser.length > 0 || existingCity.length > 0) {
    throw new Error(
      'The database already holds users or cities: the demo seed only fills an empty database.',
    );
  }

  const imageStarted = performance.now();
  const imageTask = renderImages(options.uploadsDir, data.images).then(
    (count) => {
      progress(`images: ${count} files in ${Math.round(performance.now() - imageStarted)} ms`);
      return { count };
    },
    (error: unknown) => ({ error }),
  );

  const rows = {} as Record<SeedTable, number>;
  const write = async (writer: Writer) => {
    const stage = async <T extends PgTable>(
      label: SeedTable,
      table: T,
      generate: (push: (row: T['$inferInsert']) => Promise<void> | undefined) => Promise<void>,
    ) => {
      const started = performance.now();
      let reported = 0;
      const sink = new Sink(writer, table, batchSize, (count) => {
        if (count - reported >= PROGRESS_EVERY) {
          reported = count - (count % PROGRESS_EVERY);
          progress(`  ${label}: ${count.toLocaleString('en')} rows...`);
        }
      });
      await generate((row) => sink.push(row));
      await sink.flush();
      await writer.drain();
      rows[label] = (rows[label] ?? 0) + sink.count;
      progress(
        `${label}: ${sink.count.toLocaleString('en')} rows in ${Math.round(performance.now() - started)} ms`,
      );
    };
    await generateAll(data, stage);
  };

  try {
    if (concurrency === 1) await db.transaction((tx) => write(new Writer(tx, 1)));
    else await write(new Writer(db, concurrency));
  } finally {
    // Never leave the image task unobserved, even when the rows failed.
    await imageTask;
  }
  const images = await imageTask;
  if ('error' in images) throw images.error;

  // Fresh statistics, so the first queries plan well (PGlite has no autovacuum to do it later).
  const analyzeStarted = performance.now();
  const tables = [...(Object.keys(rows) as SeedTable[]), ...ROLLUP_TABLES].map((table) =>
    sql.identifier(table),
  );
  await db.execute(sql`analyze ${sql.join(tables, sql`, `)}`);
  progress(`analyze: ${Math.round(performance.now() - analyzeStarted)} ms`);
  return { rows, images: images.count, durationMs: Math.round(performance.now() - began) };
}

type Stage = <T extends PgTable>(
  label: SeedTable,
  table: T,
  generate: (push: (row: T['$inferInsert']) => Promise<void> | undefined) => Promise<void>,
) => Promise<void>;

async function generateAll(data: DemoData, stage: Stage): Promise<void> {
  const { n, counts, images, k } = data;

  await stage('users', users, async (push) => {
    for (let i = 0; i < n; i++) {
      const { index: _index, t: _t, ...row } = data.userRow(i);
      await push(row);
    }
  });

  await stage('cities', cities, async (push) => {
    for (let i = 0; i < CITIES.length; i++) {
      const city = CITIES[i] as CityInfo;
      const country = countryOf(city.iso);
      const rng = k.city.rng(i);
      const t = data.cityTime(i);
      await push({
        id: data.cityId(i),
        name: city.name,
        countryName: country.name,
        countryIso: country.iso,
        currency: country.currency,
        imageUrls: [images.cities[i] as string],
        status: i < 10 ? 'ACTIVE' : rng.weighted(CITY_STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 3)),
      });
    }
  });

  // Friendships: user i relates to a few users at distinct offsets d in [1, (n-1)/2]; a friendship
  // is stored both ways, a block one way. Offsets below n/2 make every (user, friend) pair unique.
  await stage('friendships', friendships, async (push) => {
    const maxOffset = Math.floor((n - 1) / 2);
    if (maxOffset < 1) return;
    for (let i = 0; i < n; i++) {
      const rng = k.friend.rng(i);
      const wanted = Math.min(
        maxOffset,
        rng.weighted([
          [0, 18],
          [1, 24],
          [2, 24],
          [3, 16],
          [4, 10],
          [5, 8],
        ]),
      );
      if (wanted === 0) continue;
      const offsets = new Set<number>();
      while (offsets.size < wanted) offsets.add(rng.int(1, maxOffset));
      const userId = data.userId(i);
      const ti = data.userTime(i);
      for (const offset of offsets) {
        const j = (i + offset) % n;
        const friendId = data.userId(j);
        const createdAt = data.date(data.later(rng, Math.max(ti, data.userTime(j))));
        if (rng.chance(0.12)) {
          await push({ userId, friendId, kind: 'blocked', createdAt });
        } else {
          await push({ userId, friendId, kind: 'friend', createdAt });
          await push({ userId: friendId, friendId: userId, kind: 'friend', createdAt });
        }
      }
    }
  });

  await stage('explores', explores, async (push) => {
    for (let i = 0; i < counts.explores; i++) {
      const { rng, id, city, cityIndex, t } = data.explore(i);
      const district = rng.pick(city.districts);
      const title = fill(rng.pick(EXPLORE_TITLES), city, district);
      await push({
        id,
        title,
        body: exploreBody(rng, { city: city.name, district, title }),
        cityId: data.cityId(cityIndex),
        imageUrls: [images.cities[cityIndex] as string, ...rng.sample(images.places, rng.int(1, 2))],
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  await stage('cafes', cafes, async (push) => {
    for (let i = 0; i < counts.cafes; i++) {
      const { rng, id, owner, city, cityIndex, t } = data.item(k.cafe, i, counts.cafes);
      const country = countryOf(city.iso);
      const address = data.address(rng, city);
      const name = rng.chance(0.2)
        ? `Café ${rng.pick(CAFE_SECOND)}`
        : `${rng.pick(CAFE_FIRST)} ${rng.pick(CAFE_SECOND)} ${rng.pick(CAFE_SUFFIX)}`;
      const minCost = data.price(rng, city, 2, 6);
      await push({
        id,
        userId: data.userId(owner),
        name,
        cityId: data.cityId(cityIndex),
        timings: rng.pick(CAFE_TIMINGS),
        contact: data.phone(rng, country),
        address: address.line,
        description: rng.pick(CAFE_DESCRIPTIONS),
        cuisine: rng.sample(CUISINES, rng.int(2, 4)),
        details: rng.pick(CAFE_DETAILS),
        minCost,
        maxCost: nice(minCost * (2.5 + rng.next() * 4)),
        menu: rng.chance(0.8) ? rng.sample(images.menus, rng.int(1, 2)) : [],
        photos: rng.sample(images.cafes, rng.int(2, 3)),
        pincode: rng.pattern(country.postcode),
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  await stage('shops', shops, async (push) => {
    for (let i = 0; i < counts.shops; i++) {
      const { rng, id, owner, city, cityIndex, t } = data.item(k.shop, i, counts.shops);
      const country = countryOf(city.iso);
      const address = data.address(rng, city);
      await push({
        id,
        userId: data.userId(owner),
        name: `${rng.pick(SHOP_FIRST)} ${rng.pick(SHOP_SUFFIX)}`,
        cityId: data.cityId(cityIndex),
        address: address.line,
        description: rng.pick(SHOP_DESCRIPTIONS),
        markets: rng.sample(MARKETS, rng.int(1, 3)),
        details: rng.pick(SHOP_DETAILS),
        timings: rng.pick(SHOP_TIMINGS),
        contact: data.phone(rng, country),
        pincode: rng.pattern(country.postcode),
        photos: rng.sample(images.shops, rng.int(1, 3)),
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  const rental = (i: number) => {
    const core = data.item(k.rental, i, counts.rentals);
    const { rng } = core;
    const typeOfPlace = rng.weighted([
      ['Entire place', 70],
      ['Private room', 25],
      ['Shared room', 5],
    ] as const);
    const bedrooms = typeOfPlace === 'Entire place' ? rng.int(1, 4) : 1;
    const beds = bedrooms + rng.int(0, typeOfPlace === 'Shared room' ? 3 : 1);
    const guests = Math.max(1, beds + rng.int(0, 2));
    const minBookingNights = rng.pick([1, 2, 3, 5, 7, 14, 28]);
    const maxBookingNights = Math.max(minBookingNights, rng.pick([30, 60, 90, 180, 365]));
    return { ...core, typeOfPlace, bedrooms, beds, guests, minBookingNights, maxBookingNights };
  };

  await stage('rentals', rentals, async (push) => {
    for (let i = 0; i < counts.rentals; i++) {
      const r = rental(i);
      const { rng, city } = r;
      const country = countryOf(city.iso);
      const address = data.address(rng, city);
      const propertyType =
        r.typeOfPlace === 'Entire place'
          ? rng.pick(PROPERTY_TYPES)
          : rng.pick(['House', 'Apartment', 'Guesthouse']);
      const bedDetails: { bed_type: string; count: number }[] = [];
      let bedsLeft = r.beds;
      while (bedsLeft > 0) {
        const count = Math.min(bedsLeft, rng.int(1, 2));
        const bedType = r.typeOfPlace === 'Shared room' ? 'Bunk bed' : rng.pick(BED_TYPES.slice(0, 4));
        const same = bedDetails.find((bed) => bed.bed_type === bedType);
        if (same) same.count += count;
        else bedDetails.push({ bed_type: bedType, count });
        bedsLeft -= count;
      }
      const india = city.iso === 'IN';
      await push({
        id: r.id,
        userId: data.userId(r.owner),
        name: `${rng.pick(RENTAL_ADJECTIVES)} ${propertyType.toLowerCase()} in ${address.district}`,
        images: [...rng.sample(images.rentals, rng.int(2, 3)), images.cities[r.cityIndex] as string],
        guests: r.guests,
        beds: r.beds,
        bedrooms: r.bedrooms,
        bathrooms: Math.max(1, Math.min(3, r.bedrooms - rng.int(0, 1))),
        isLiked: rng.chance(0.3),
        description: rng.pick(RENTAL_DESCRIPTIONS),
        amenities: rng.sample(AMENITIES, rng.int(6, 12)),
        safetyAmenities: rng.sample(SAFETY_AMENITIES, rng.int(2, 5)),
        houseRules: rng.sample(HOUSE_RULES, rng.int(2, 5)),
        commonSpaces: rng.sample(COMMON_SPACES, rng.int(1, 4)),
        terms: rng.pick(RENTAL_TERMS),
        expectationPeriodOfGuests: rng.pick(EXPECTATION_PERIODS),
        guestBookingBefore: rng.pick(BOOKING_BEFORE),
        checkin: rng.pick(CHECKIN_TIMES),
        checkout: rng.pick(CHECKOUT_TIMES),
        minBookingNights: r.minBookingNights,
        maxBookingNights: r.maxBookingNights,
        guestNoticePeriod: rng.pick(NOTICE_PERIODS),
        propertyType,
        propertyCategory: rng.pick(PROPERTY_CATEGORIES),
        bathroomType: r.typeOfPlace === 'Entire place' ? 'Private' : rng.pick(BATHROOM_TYPES),
        bedDetails,
        commonSpaceBedDetails: COMMON_SPACE_BED_TYPES.map((bedType) => ({
          bed_type: bedType,
          count: rng.chance(0.3) ? 1 : 0,
        })),
        typeOfPlace: r.typeOfPlace,
        basePrice: data.price(
          rng,
          city,
          r.typeOfPlace === 'Entire place' ? 35 : 15,
          r.typeOfPlace === 'Entire place' ? 180 : 60,
        ),
        currency: country.currency,
        account: rng.pattern(india ? '############' : '#### #### #### ##'),
        ifsc: india
          ? `${rng.pick(BANK_CODES)}0${rng.pattern('######')}`
          : `${rng.pick(SWIFT_BANKS)}${city.iso}${rng.pattern('@@')}`,
        guestRequirements: rng.sample(GUEST_REQUIREMENTS, rng.int(1, 4)),
        contact: data.phone(rng, country),
        alternateContact: data.phone(rng, country),
        addressLine1: address.line.slice(0, address.line.lastIndexOf(',')),
        addressLine2: `${rng.pick(['Apt', 'Flat', 'Unit', 'Floor'])} ${rng.int(1, 12)}${rng.pick(['', 'A', 'B', 'C'])}, ${address.district}`,
        cityId: data.cityId(r.cityIndex),
        pincode: rng.pattern(country.postcode),
        state: city.state,
        country: country.name,
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(r.t),
        updatedAt: data.date(data.later(rng, r.t, 2)),
      });
    }
  });

  await stage('rental_applications', rentalApplications, async (push) => {
    let serial = 0;
    for (let i = 0; i < counts.rentals; i++) {
      const r = rental(i);
      const rng = k.rentalApp.rng(i);
      const howMany = rng.weighted([
        [0, 20],
        [1, 20],
        [2, 20],
        [3, 15],
        [4, 10],
        [5, 8],
        [6, 7],
      ]);
      for (let a = 0; a < howMany; a++) {
        const applicant = data.userRow(data.randomUser(rng, r.owner));
        const t = data.later(rng, Math.max(r.t, applicant.t), 1);
        const createdAt = data.date(t);
        const start = createdAt.getTime() + rng.int(3, 60) * DAY_MS;
        const nights = rng.int(r.minBookingNights, Math.min(r.maxBookingNights, r.minBookingNights + 60));
        await push({
          id: k.rentalApp.uuid(serial++),
          rentalId: r.id,
          userId: applicant.id,
          name: `${applicant.fullname} ${applicant.lastname}`,
          guests: rng.int(1, r.guests),
          startDate: isoDay(start),
          endDate: isoDay(start + nights * DAY_MS),
          status: rng.weighted(APPLICATION_STATUS_WEIGHTS),
          createdAt,
        });
      }
    }
  });

  const job = (i: number) => {
    const core = data.item(k.job, i, counts.jobs);
    const questionCount = core.rng.weighted([
      [0, 20],
      [1, 12],
      [2, 20],
      [3, 24],
      [4, 24],
    ]);
    const questions = core.rng.sample(JOB_QUESTIONS, questionCount);
    return { ...core, questions };
  };

  await stage('jobs', jobs, async (push) => {
    for (let i = 0; i < counts.jobs; i++) {
      const j = job(i);
      const { rng, city } = j;
      const salaryType = rng.weighted([
        ['per month', 50],
        ['per hour', 25],
        ['per year', 15],
        ['per day', 10],
      ] as const);
      const usdRange = {
        'per month': [700, 5000],
        'per hour': [6, 45],
        'per year': [15_000, 90_000],
        'per day': [30, 220],
      }[salaryType] as [number, number];
      await push({
        id: j.id,
        userId: data.userId(j.owner),
        company: `${rng.pick(COMPANY_FIRST)} ${rng.pick(COMPANY_SECOND)}`,
        position: rng.pick(POSITIONS),
        logo: rng.chance(0.8) ? rng.pick(images.logos) : null,
        jobType: rng.pick(JOB_TYPES),
        country: countryOf(city.iso).name,
        cityId: data.cityId(j.cityIndex),
        salary: data.price(rng, city, usdRange[0], usdRange[1]),
        salaryType,
        description: rng.pick(JOB_DESCRIPTIONS),
        qualification: rng.pick(QUALIFICATIONS),
        question1: j.questions[0] ?? null,
        question2: j.questions[1] ?? null,
        question3: j.questions[2] ?? null,
        question4: j.questions[3] ?? null,
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(j.t),
        updatedAt: data.date(data.later(rng, j.t, 2)),
      });
    }
  });

  await stage('job_applications', jobApplications, async (push) => {
    let serial = 0;
    for (let i = 0; i < counts.jobs; i++) {
      const j = job(i);
      const rng = k.jobApp.rng(i);
      const howMany = rng.weighted([
        [0, 15],
        [1, 15],
        [2, 18],
        [3, 16],
        [4, 12],
        [5, 10],
        [6, 6],
        [8, 5],
        [12, 3],
      ]);
      for (let a = 0; a < howMany; a++) {
        const applicant = data.randomUser(rng, j.owner);
        const t = data.later(rng, Math.max(j.t, data.userTime(applicant)), 1);
        const answer = (question: string | undefined) =>
          question === undefined ? null : rng.chance(0.6) ? rng.pick(SHORT_ANSWERS) : rng.pick(LONG_ANSWERS);
        serial++;
        await push({
          id: k.jobApp.uuid(serial),
          jobId: j.id,
          userId: data.userId(applicant),
          resume: rng.chance(0.92) ? `https://example.com/resumes/${serial}.pdf` : null,
          answer1: answer(j.questions[0]),
          answer2: answer(j.questions[1]),
          answer3: answer(j.questions[2]),
          answer4: answer(j.questions[3]),
          status: rng.weighted(APPLICATION_STATUS_WEIGHTS),
          createdAt: data.date(t),
        });
      }
    }
  });

  await stage('reviews', reviews, async (push) => {
    const kinds = [
      {
        kind: 'rental',
        count: counts.rentals,
        core: (i: number) => data.item(k.rental, i, counts.rentals),
        max: 8,
      },
      { kind: 'cafe', count: counts.cafes, core: (i: number) => data.item(k.cafe, i, counts.cafes), max: 8 },
      { kind: 'shop', count: counts.shops, core: (i: number) => data.item(k.shop, i, counts.shops), max: 6 },
      { kind: 'job', count: counts.jobs, core: (i: number) => data.item(k.job, i, counts.jobs), max: 3 },
    ] as const;
    for (const { kind, count, core, max } of kinds) {
      const keys = data.reviewKeys(kind);
      const texts = REVIEWS[kind];
      let serial = 0;
      for (let i = 0; i < count; i++) {
        const item = core(i);
        const rng = keys.item.rng(i);
        // About one item in five has no reviews yet ('No Reviews Found').
        const howMany = rng.chance(0.2) ? 0 : rng.int(1, max);
        for (let r = 0; r < howMany; r++) {
          const reviewer = data.randomUser(rng, item.owner);
          const rating = rng.weighted(RATING_WEIGHTS);
          const pool = rating >= 4 ? texts.good : rating === 3 ? texts.mixed : texts.bad;
          await push({
            id: keys.row.uuid(serial++),
            itemType: kind,
            itemId: item.id,
            userId: data.userId(reviewer),
            rating,
            review: rng.pick(pool),
            createdAt: data.date(data.later(rng, Math.max(item.t, data.userTime(reviewer)), 1)),
          });
        }
      }
    }
  });

  await stage('groups', groups, async (push) => {
    for (let i = 0; i < counts.groups; i++) {
      const { rng, id, owner, city, cityIndex, t } = data.item(k.group, i, counts.groups);
      const district = rng.pick(city.districts);
      const state = rng.weighted([
        ['active', 82],
        ['inactive', 12],
        ['deleted', 6],
      ] as const);
      await push({
        id,
        statusId: `G${String(i + 1).padStart(6, '0')}`,
        statusText: fill(rng.pick(GROUP_TEMPLATES), city, district),
        description: fill(rng.pick(GROUP_DESCRIPTIONS), city, district),
        imageUrls: rng.chance(0.5) ? [images.cities[cityIndex] as string] : rng.sample(images.places, 1),
        country: countryOf(city.iso).name,
        cityId: data.cityId(cityIndex),
        userId: data.userId(owner),
        rating: rng.chance(0.08) ? 0 : Math.round((2.2 + 2.8 * rng.next() ** 0.6) * 10_000) / 10_000,
        active: state === 'active',
        deleted: state === 'deleted',
        removed: state === 'deleted',
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  await stage('group_members', groupMembers, async (push) => {
    let serial = 0;
    for (let i = 0; i < counts.groups; i++) {
      const group = data.item(k.group, i, counts.groups);
      const rng = k.member.rng(i);
      const size = Math.min(n, 2 + Math.floor(38 * rng.next() ** 2.5));
      const members = new Set<number>([group.owner]);
      while (members.size < size) members.add(data.randomUser(rng));
      for (const member of members) {
        const t = data.later(rng, Math.max(group.t, data.userTime(member)), 1.5);
        const state =
          member === group.owner
            ? 'ACTIVE'
            : rng.weighted([
                ['ACTIVE', 85],
                ['INACTIVE', 5],
                ['REMOVED', 10],
              ] as const);
        await push({
          id: k.member.uuid(serial++),
          groupId: group.id,
          userId: data.userId(member),
          status: state === 'REMOVED' ? 'DELETED' : state,
          removed: state === 'REMOVED',
          createdAt: data.date(t),
          updatedAt: data.date(state === 'ACTIVE' ? t : data.later(rng, t, 1)),
        });
      }
    }
  });

  await stage('promos', promos, async (push) => {
    for (let i = 0; i < counts.promos; i++) {
      const rng = k.promo.rng(i);
      const type = PROMO_TYPES[i % PROMO_TYPES.length] as (typeof PROMO_TYPES)[number];
      const target = {
        cafe: () => ({
          core: data.item(k.cafe, rng.int(0, counts.cafes - 1), counts.cafes),
          path: '/cafedetail/',
        }),
        shop: () => ({
          core: data.item(k.shop, rng.int(0, counts.shops - 1), counts.shops),
          path: '/shopdetail/',
        }),
        explore: () => ({ core: data.explore(rng.int(0, counts.explores - 1)), path: '/exploredetail/' }),
        job: () => ({ core: data.item(k.job, rng.int(0, counts.jobs - 1), counts.jobs), path: '/jobs/' }),
        rental: () => ({
          core: data.item(k.rental, rng.int(0, counts.rentals - 1), counts.rentals),
          path: '/rentaldetail/',
        }),
      }[type]();
      const { city, cityIndex } = target.core;
      const template = rng.pick(PROMO_TEMPLATES[type]);
      const name = fill(template.name, city, city.districts[0]);
      const t = data.later(rng, Math.max(0.5, target.core.t), 1);
      const image = {
        cafe: images.cafes,
        shop: images.shops,
        explore: images.places,
        job: images.places,
        rental: images.rentals,
      }[type];
      await push({
        id: k.promo.uuid(i),
        name,
        description: fill(template.description, city, city.districts[0]),
        type,
        internalUrl: `${target.path}${target.core.id}`,
        externalUrl: `https://roam.example.com/offers/${slug(name)}`,
        cityId: data.cityId(cityIndex),
        imageUrl: rng.pick(image),
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  await stage('reports', reports, async (push) => {
    for (let i = 0; i < counts.reports; i++) {
      const rng = k.report.rng(i);
      const reporter = data.randomUser(rng);
      const reported = n > 1 ? data.randomUser(rng, reporter) : null;
      const issueType = rng.pick(ISSUE_TYPES);
      const text = rng.pick(ISSUE_TEXTS[issueType]);
      const t = data.later(
        rng,
        Math.max(data.userTime(reporter), reported === null ? 0 : data.userTime(reported)),
        0.8,
      );
      await push({
        id: k.report.uuid(i),
        userId: data.userId(reporter),
        reportedUserId: reported === null ? null : data.userId(reported),
        subject: text.subject,
        description: text.description,
        issueType,
        imageUrls: rng.chance(0.4) ? [rng.pick(images.places)] : [],
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  await stage('contact_requests', contactRequests, async (push) => {
    for (let i = 0; i < counts.contactRequests; i++) {
      const rng = k.contact.rng(i);
      const user = data.randomUser(rng);
      const text = rng.pick(CONTACT_TEXTS);
      const t = data.later(rng, data.userTime(user), 0.8);
      await push({
        id: k.contact.uuid(i),
        userId: data.userId(user),
        subject: text.subject,
        description: text.description,
        status: rng.weighted(STATUS_WEIGHTS),
        createdAt: data.date(t),
        updatedAt: data.date(data.later(rng, t, 2)),
      });
    }
  });

  // Activity: each user is active on the day they sign up, then on random days (more on
  // weekdays and in the northern summer) until they drift away; heavy users often, most rarely.
  // Now and then a user is abroad. One row per user, day and country; the database's trigger
  // keeps the analytics rollups from these rows.
  await stage('user_activity', userActivity, async (push) => {
    const last = ACTIVITY_DAYS - 1;
    const days = Array.from({ length: ACTIVITY_DAYS }, (_, d) => data.date(d / last));
    const names = days.map((day) => isoDay(day.getTime()));
    const rhythm = days.map((day) => {
      const weekday = day.getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 0.8 : 1;
      const dayOfYear = (day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / DAY_MS;
      return weekly * (1 + 0.1 * Math.sin((2 * Math.PI * (dayOfYear - 80)) / 365));
    });
    const peak = Math.max(...rhythm);
    const firstDay = Date.parse(names[0] as string);
    for (let i = 0; i < n; i++) {
      const user = data.userRow(i);
      const home = COUNTRY_BY_NAME.get(user.homeLocation ?? '') ?? (COUNTRIES[0] as Country);
      const rng = k.activity.rng(i);
      const showcase = i < SHOWCASE_USERS;
      const rate = showcase ? 0.35 : rng.weighted(ENGAGEMENT_WEIGHTS);
      const away = rng.weighted(COUNTRY_WEIGHTS);
      const joined = Math.round((Date.parse(isoDay(data.date(user.t).getTime())) - firstDay) / DAY_MS);
      const leaves = showcase ? last : joined + Math.round(-Math.log(1 - rng.next()) * MEAN_ENGAGED_DAYS);
      const userId = data.userId(i);
      const country = () => (away.iso !== home.iso && rng.chance(0.08) ? away.iso : home.iso);
      await push({ userId, day: names[joined] as string, country: country() });
      // Candidate days at the peak rate (geometric gaps), kept in proportion to the day's rhythm.
      const odds = Math.log(1 - Math.min(0.95, rate * peak));
      for (let d = joined + 1 + Math.floor(Math.log(1 - rng.next()) / odds); d <= Math.min(leaves, last); ) {
        if (rng.next() * peak < (rhythm[d] as number)) {
          await push({ userId, day: names[d] as string, country: country() });
        }
        d += 1 + Math.floor(Math.log(1 - rng.next()) / odds);
      }
    }
  });
}
