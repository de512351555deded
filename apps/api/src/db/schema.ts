import type { applicationStatusSchema, bedDetailSchema, PROMO_TYPES } from '@roam/contract/entities';
import type { RecordStatus } from '@roam/contract/status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * One schema for PGlite and PostgreSQL. Every listed table has `status`, `created_at`, `id` and
 * the (created_at, id) index that newest-first lists and keyset exports read, and one
 * (column, id) index per other key its list may be sorted by (`sortIndexes`).
 */
type ApplicationStatus = z.infer<typeof applicationStatusSchema>;
type BedDetail = z.infer<typeof bedDetailSchema>;
type PromoType = (typeof PROMO_TYPES)[number];

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();
const status = () => text('status').$type<RecordStatus>().notNull().default('ACTIVE');
const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * A row's searched columns as one stored text (DESIGN §4's `searchphrase`): each lowered, joined
 * by the unit separator, kept by PostgreSQL on every write. A search reads one column with one
 * LIKE, through one trigram index (`searchIndex`), instead of lowering every column of every row
 * it checks; lower() was most of a search's cost. No search term holds the separator (the input
 * rules refuse control characters), so no term matches across two columns.
 */
export const SEARCH_TEXT = 'search_text';
const searchText = (...columns: string[]) =>
  text(SEARCH_TEXT)
    .notNull()
    .generatedAlwaysAs(
      sql.raw(`lower(${columns.map((column) => `coalesce(${column}, '')`).join(` || E'\\x1f' || `)})`),
    );
const searchIndex = (table: string, column: ExtraConfigColumn) =>
  index(`${table}_search_idx`).using('gin', sql`${column} gin_trgm_ops`);

/**
 * The indexes a list's sorts walk (DESIGN §4): (column DESC NULLS LAST, id DESC NULLS LAST) each,
 * like the created_at ones. Read forward they give `desc nulls last`, backward `asc nulls first`:
 * the two orders the list engine writes (list-filters.ts `sortedBy`), so no sort runs for a page.
 */
const sortIndexes = (table: string, columns: Record<string, ExtraConfigColumn>, id: ExtraConfigColumn) =>
  Object.entries(columns).map(([name, column]) =>
    index(`${table}_${name}_sort_idx`).on(column.desc(), id.desc()),
  );

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    status: status(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    fullname: text('fullname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    profileUrl: text('profile_url'),
    homeLocation: text('home_location'),
    passwordHash: text('password_hash'),
    /** Bumped to end every session of the account: access tokens carry the version they were issued at. */
    sessionVersion: integer('session_version').notNull().default(0),
    searchText: searchText('username', 'email', 'fullname', 'lastname'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_user_id_key').on(t.userId),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('users_role_idx').on(t.role),
    ...sortIndexes('users', { username: t.username, status: t.status }, t.id),
    searchIndex('users', t.searchText),
  ],
);

/** Per-module flags of a sub-admin (admins have everything; users nothing). */
export const adminPermissions = pgTable(
  'admin_permissions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    module: text('module').notNull(),
    canRead: boolean('can_read').notNull().default(false),
    canWrite: boolean('can_write').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.module] })],
);

export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    friendId: uuid('friend_id')
      .notNull()
      .references(() => users.id),
    /** 'friend' is stored as two rows, one each way; 'blocked' as one row: user_id blocked friend_id. */
    kind: text('kind').notNull().default('friend'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    check('friendships_not_self_check', sql`${t.userId} <> ${t.friendId}`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const resetCodes = pgTable(
  'reset_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reset_codes_user_idx').on(t.userId)],
);

/** Failed sign-ins counted per account and per address (DESIGN §7). */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: ts('last_failure_at').notNull().defaultNow(),
});

/** An admin's notification choices (DESIGN §8), one row per admin once they save them. */
/**
 * Two-factor sign-in (TOTP, RFC 6238) of an account: its secret, encrypted with the key under
 * DATA_DIR/keys; when it was turned on (null while it is being set up); the last time step a code
 * was accepted for, so that a code works once.
 */
export const mfaFactors = pgTable('mfa_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The ten recovery codes shown once when two-factor sign-in is turned on: hashed, each used once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    usedAt: ts('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use tickets of a sign-in in two steps, stored hashed: `mfa` (the password or
 * social step is done, the code is next) and `oidc` (the one-time code a social sign-in hands the
 * panel in place of tokens).
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'mfa' | 'oidc'>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_tickets_expires_idx').on(t.expiresAt)],
);

/** Whether every account of a role must use two-factor sign-in (set by admins). */
export const mfaPolicy = pgTable('mfa_policy', {
  role: text('role').primaryKey(),
  isRequired: boolean('is_required').notNull().default(false),
  updatedAt: updatedAt(),
});

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  exportReadyEmail: boolean('export_ready_email').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    countryName: text('country_name').notNull(),
    countryIso: text('country_iso').notNull(),
    currency: text('currency').notNull().default(''),
    imageUrls: textList('image_urls'),
    status: status(),
    searchText: searchText('name', 'country_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cities_created_idx').on(t.createdAt.desc(), t.id.desc()),
    searchIndex('cities', t.searchText),
    ...sortIndexes('cities', { name: t.name, status: t.status }, t.id),
  ],
);

export const explores = pgTable(
  'explores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: jsonb('body').notNull(),
    cityId: uuid('city_id').references(() => cities.id),
    imageUrls: textList('image_urls'),
    status: status(),
    searchText: searchText('title'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('explores_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('explores_city_idx').on(t.cityId),
    searchIndex('explores', t.searchText),
    ...sortIndexes('explores', { title: t.title, updated: t.updatedAt, status: t.status }, t.id),
  ],
);

export const cafes = pgTable(
  'cafes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    cityId: uuid('city_id').references(() => cities.id),
    timings: text('timings').notNull().default(''),
    contact: text('contact').notNull().default(''),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    cuisine: textList('cuisine'),
    details: text('details').notNull().default(''),
    minCost: doublePrecision('min_cost').notNull().default(0),
    maxCost: doublePrecision('max_cost').notNull().default(0),
    menu: textList('menu'),
    photos: textList('photos'),
    pincode: text('pincode').notNull().default(''),
    status: status(),
    searchText: searchText('name', 'address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cafes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('cafes_user_idx').on(t.userId),
    index('cafes_city_idx').on(t.cityId),
    searchIndex('cafes', t.searchText),
    ...sortIndexes('cafes', { name: t.name, status: t.status }, t.id),
  ],
);

export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    cityId: uuid('city_id').references(() => cities.id),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    markets: textList('markets'),
    details: text('details').notNull().default(''),
    timings: text('timings').notNull().default(''),
    contact: text('contact').notNull().default(''),
    pincode: text('pincode').notNull().default(''),
    photos: textList('photos'),
    status: status(),
    searchText: searchText('name', 'address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('shops_user_idx').on(t.userId),
    index('shops_city_idx').on(t.cityId),
    searchIndex('shops', t.searchText),
    ...sortIndexes('shops', { name: t.name, updated: t.updatedAt, status: t.status }, t.id),
  ],
);

export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    images: textList('images'),
    guests: integer('guests').notNull().default(1),
    beds: integer('beds').notNull().default(1),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: integer('bathrooms').notNull().default(1),
    isLiked: boolean('is_liked').notNull().default(false),
    description: text('description').notNull().default(''),
    amenities: textList('amenities'),
    safetyAmenities: textList('safety_amenities'),
    houseRules: textList('house_rules'),
    commonSpaces: textList('common_spaces'),
    terms: text('terms').notNull().default(''),
    expectationPeriodOfGuests: text('expectation_period_of_guests').notNull().default(''),
    guestBookingBefore: text('guest_booking_before').notNull().default(''),
    checkin: text('checkin').notNull().default(''),
    checkout: text('checkout').notNull().default(''),
    minBookingNights: integer('min_booking_nights').notNull().default(1),
    maxBookingNights: integer('max_booking_nights').notNull().default(30),
    guestNoticePeriod: text('guest_noticeperiod').notNull().default(''),
    propertyType: text('propertytype').notNull().default(''),
    propertyCategory: text('property_category').notNull().default(''),
    bathroomType: text('bathroomtype').notNull().default(''),
    bedDetails: jsonb('bed_details').$type<BedDetail[]>().notNull().default([]),
    commonSpaceBedDetails: jsonb('common_space_bed_details').$type<BedDetail[]>().notNull().default([]),
    typeOfPlace: text('type_of_place').notNull().default(''),
    basePrice: doublePrecision('base_price').notNull().default(0),
    currency: text('currency').notNull().default(''),
    account: text('account').notNull().default(''),
    ifsc: text('ifsc').notNull().default(''),
    guestRequirements: textList('guest_requirements'),
    contact: text('contact').notNull().default(''),
    alternateContact: text('alternate_contact').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    cityId: uuid('city_id').references(() => cities.id),
    pincode: text('pincode').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    status: status(),
    searchText: searchText('name', 'state', 'country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rentals_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('rentals_user_idx').on(t.userId),
    index('rentals_city_idx').on(t.cityId),
    searchIndex('rentals', t.searchText),
    ...sortIndexes('rentals', { name: t.name, status: t.status }, t.id),
  ],
);

export const rentalApplications = pgTable(
  'rental_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id),
    userId: uuid('user_id').references(() => users.id),
    name: text('name').notNull(),
    guests: integer('guests').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    status: text('status').$type<ApplicationStatus>().notNull().default('PENDING'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rental_applications_rental_idx').on(t.rentalId, t.createdAt.desc()),
    index('rental_applications_user_idx').on(t.userId),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    company: text('company').notNull(),
    position: text('position').notNull(),
    logo: text('logo'),
    jobType: text('job_type').notNull().default(''),
    country: text('country').notNull().default(''),
    cityId: uuid('city_id').references(() => cities.id),
    salary: doublePrecision('salary').notNull().default(0),
    salaryType: text('salary_type').notNull().default(''),
    description: text('description').notNull().default(''),
    qualification: text('qualification').notNull().default(''),
    question1: text('question1'),
    question2: text('question2'),
    question3: text('question3'),
    question4: text('question4'),
    status: status(),
    searchText: searchText('position', 'company', 'country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('jobs_user_idx').on(t.userId),
    index('jobs_city_idx').on(t.cityId),
    searchIndex('jobs', t.searchText),
    ...sortIndexes('jobs', { position: t.position, status: t.status }, t.id),
  ],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    userId: uuid('user_id').references(() => users.id),
    resume: text('resume'),
    answer1: text('answer1'),
    answer2: text('answer2'),
    answer3: text('answer3'),
    answer4: text('answer4'),
    status: text('status').$type<ApplicationStatus>().notNull().default('PENDING'),
    createdAt: createdAt(),
  },
  (t) => [
    index('job_applications_job_idx').on(t.jobId, t.createdAt.desc()),
    index('job_applications_user_idx').on(t.userId),
  ],
);

/** Reviews of rentals, cafes, shops and jobs: one shape (item_type names the area). */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemType: text('item_type').notNull(),
    itemId: uuid('item_id').notNull(),
    userId: uuid('user_id').references(() => users.id),
    rating: smallint('rating').notNull(),
    review: text('review').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_item_idx').on(t.itemType, t.itemId, t.createdAt.desc()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_item_type_check', sql`${t.itemType} in ('rental', 'cafe', 'shop', 'job')`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const promos = pgTable(
  'promos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<PromoType>().notNull(),
    internalUrl: text('internal_url').notNull().default(''),
    externalUrl: text('external_url').notNull().default(''),
    cityId: uuid('city_id').references(() => cities.id),
    imageUrl: text('image_url'),
    status: status(),
    searchText: searchText('name', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promos_created_idx').on(t.createdAt.desc(), t.id.desc()),
    searchIndex('promos', t.searchText),
    ...sortIndexes('promos', { name: t.name, status: t.status }, t.id),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    reportedUserId: uuid('reported_user_id').references(() => users.id),
    subject: text('subject').notNull().default(''),
    description: text('description').notNull().default(''),
    issueType: text('issue_type').notNull().default(''),
    imageUrls: textList('image_urls'),
    status: status(),
    searchText: searchText('subject', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reports_user_idx').on(t.userId),
    index('reports_reported_user_idx').on(t.reportedUserId),
    searchIndex('reports', t.searchText),
    ...sortIndexes('reports', { subject: t.subject, status: t.status }, t.id),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id),
    subject: text('subject').notNull().default(''),
    description: text('description').notNull().default(''),
    status: status(),
    searchText: searchText('subject', 'description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_requests_user_idx').on(t.userId),
    searchIndex('contact_requests', t.searchText),
    ...sortIndexes('contact_requests', { subject: t.subject, status: t.status }, t.id),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    statusId: text('status_id').notNull(),
    statusText: text('status_text').notNull(),
    description: text('description').notNull().default(''),
    imageUrls: textList('image_urls'),
    country: text('country').notNull().default(''),
    cityId: uuid('city_id').references(() => cities.id),
    userId: uuid('user_id').references(() => users.id),
    rating: doublePrecision('rating').notNull().default(0),
    active: boolean('active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    /** The record status the booleans make (SPEC §4), kept by the database: filtered and counted like any other. */
    status: text('status')
      .$type<RecordStatus>()
      .notNull()
      .generatedAlwaysAs(sql`case when deleted then 'DELETED' when active then 'ACTIVE' else 'INACTIVE' end`),
    searchText: searchText('status_text', 'country'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('groups_status_id_key').on(t.statusId),
    index('groups_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('groups_user_idx').on(t.userId),
    searchIndex('groups', t.searchText),
    ...sortIndexes('groups', { status_text: t.statusText, status: t.status }, t.id),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: status(),
    removed: boolean('removed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_members_group_user_key').on(t.groupId, t.userId),
    index('group_members_group_idx').on(t.groupId, t.createdAt.desc()),
    index('group_members_user_idx').on(t.userId),
  ],
);

/**
 * How many rows of each listed table are in each status, kept by triggers on every write (see the
 * status_count_triggers migration): the tiles of an unfiltered list read these instead of counting
 * a large table on every request (DESIGN §6).
 */
export const statusCounts = pgTable(
  'status_counts',
  {
    entity: text('entity').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.status] })],
);

/**
 * How many rows of each listed table were created on each UTC day, per status, kept by the same
 * triggers as status_counts (migration 0008). A deep page in created_at order finds its day from
 * these (the rows on the days before it) and reads only that day's rows up to the page, instead of
 * skipping every row before it (admin/core/day-pages.ts). One row per day, so a page reads about a
 * thousand counters for three years of rows.
 */
export const dayCounts = pgTable(
  'day_counts',
  {
    entity: text('entity').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    active: bigint('active', { mode: 'number' }).notNull().default(0),
    inactive: bigint('inactive', { mode: 'number' }).notNull().default(0),
    deleted: bigint('deleted', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.day] })],
);

/**
 * Raw user activity: one row per user, UTC day and country (ISO 3166-1 alpha-2) they were active
 * in. Append-only. Every insert keeps the analytics rollups below exact through the
 * user_activity_rollups trigger (migration 0004_activity_rollups), so no request scans it.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.country] }),
    check('user_activity_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** Each user's last active day; its row also serialises the rollup upkeep of one user's writes. */
export const activityUsers = pgTable('activity_users', {
  userId: uuid('user_id').primaryKey(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
});

/** Each user's last active day in each country they were active in. */
export const activityUserCountries = pgTable(
  'activity_user_countries',
  {
    userId: uuid('user_id').notNull(),
    country: text('country').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.country] })],
);

/** Rollup: distinct active users per day, month and year (`period` is the period's first day). */
export const activeUserCounts = pgTable(
  'active_user_counts',
  {
    granularity: text('granularity').$type<'day' | 'month' | 'year'>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.granularity, t.period] }),
    check('active_user_counts_granularity_check', sql`${t.granularity} in ('day', 'month', 'year')`),
  ],
);

/**
 * Rollup: per country, how many users were last active there on `day`. The users active in a
 * country since a day are the sum from that day on (the map's windows end today).
 */
export const countryLastActive = pgTable(
  'country_last_active',
  {
    day: date('day', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    users: integer('users').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.country] })],
);

/** Rollup: groups created per UTC day, kept by triggers on groups (the Groups graph). */
export const groupsCreatedDaily = pgTable('groups_created_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  groups: integer('groups').notNull().default(0),
});
/**
 * Download jobs (DESIGN §8 "Downloads"): one admin's export of one list, as CSV, XLSX or PDF. The
 * file lives under DATA_DIR/downloads as `file_name` once `state` is done; `request` keeps what was
 * asked (selected ids, the list's filters). The process running it beats `heartbeat_at`; a job whose
 * process died stops beating and is marked failed (at the next start, or by any other process).
 */
export const downloadJobs = pgTable(
  'download_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    module: text('module').notNull(),
    type: text('type').$type<'csv' | 'xlsx' | 'pdf'>().notNull(),
    title: text('title').notNull(),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    request: jsonb('request').$type<{ ids: string[]; filters: Record<string, string> }>().notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    fileName: text('file_name'),
    message: text('message'),
    /** The process running it (host/pid) and its last sign of life: one that stopped beating is marked failed. */
    worker: text('worker'),
    heartbeatAt: ts('heartbeat_at'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('download_jobs_admin_idx').on(t.adminId, t.createdAt.desc()),
    index('download_jobs_expires_idx').on(t.expiresAt),
    check('download_jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);
