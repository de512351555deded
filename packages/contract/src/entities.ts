import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { mfaStateSchema } from './mfa';
import { permissionsSchema, roleTypeSchema } from './permissions';
import { recordStatusSchema } from './status';
import { hasControlCharacters } from './validation';

/**
 * Entities as the API returns them (SPEC §3). Keys are the spec's, exactly; dates are ISO strings.
 */
const id = lazySchema(() => z.string().uuid());
const isoDate = lazySchema(() => z.string());
const maybe = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();

export const ratingSummarySchema = lazySchema(() =>
  z.object({
    avgrating: z.number(),
    total_rating: z.number().int(),
    onestar: z.number().int(),
    twostar: z.number().int(),
    threestar: z.number().int(),
    fourstar: z.number().int(),
    fivestar: z.number().int(),
  }),
);

export const userSchema = lazySchema(() =>
  z.object({
    _id: id,
    userID: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    status: recordStatusSchema,
    isBlocked: z.boolean(),
    fullname: z.string(),
    lastname: z.string(),
    profileURL: maybe(z.string()),
    homeLocation: maybe(z.string()),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type User = z.infer<typeof userSchema>;

export const citySchema = lazySchema(() =>
  z.object({
    _id: id,
    name: z.string(),
    country: z.object({ name: z.string(), ISO: z.string(), currency: z.string() }),
    imageurl: z.array(z.string()),
    status: recordStatusSchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type City = z.infer<typeof citySchema>;

/** Rich text: a TipTap (ProseMirror) JSON document. */
export type RichTextNode = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichTextNode[];
};
export const richTextNodeSchema: z.ZodType<RichTextNode> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      type: z.string().max(40),
      text: z.string().max(20_000).optional(),
      attrs: z.record(z.string(), z.unknown()).optional(),
      marks: z
        .array(z.object({ type: z.string().max(40), attrs: z.record(z.string(), z.unknown()).optional() }))
        .max(20)
        .optional(),
      content: z.array(richTextNodeSchema).max(2000).optional(),
    }),
  ),
);

export const exploreSchema = lazySchema(() =>
  z.object({
    _id: id,
    title: z.string(),
    body: richTextNodeSchema,
    cityID: maybe(id),
    city: maybe(z.string()),
    imageurl: z.array(z.string()),
    status: recordStatusSchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type Explore = z.infer<typeof exploreSchema>;

export const cafeSchema = lazySchema(() =>
  z.object({
    _id: id,
    userId: maybe(id),
    name: z.string(),
    city: maybe(id),
    cityData: z.object({ name: z.string() }).nullable(),
    timings: z.string(),
    contact: z.string(),
    status: recordStatusSchema,
    address: z.string(),
    description: z.string(),
    cuisine: z.array(z.string()),
    details: z.string(),
    min_cost: z.number(),
    max_cost: z.number(),
    /** Beyond SPEC: the ISO 4217 code of the cafe's city, that its costs are in ('' when unknown). */
    currency: z.string(),
    menu: z.array(z.string()),
    photos: z.array(z.string()),
    imageurl: z.array(z.string()),
    pincode: z.string(),
    rating: ratingSummarySchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const shopSchema = lazySchema(() =>
  z.object({
    _id: id,
    userId: maybe(id),
    name: z.string(),
    status: recordStatusSchema,
    address: z.string(),
    description: z.string(),
    markets: z.array(z.string()),
    details: z.string(),
    timings: z.string(),
    contact: z.string(),
    city: maybe(id),
    cityData: z.object({ name: z.string() }).nullable(),
    pincode: z.string(),
    photos: z.array(z.string()),
    imageurl: z.array(z.string()),
    rating: ratingSummarySchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const bedDetailSchema = lazySchema(() => z.object({ bed_type: z.string(), count: z.number().int() }));

export const rentalSchema = lazySchema(() =>
  z.object({
    _id: id,
    userId: maybe(id),
    name: z.string(),
    status: recordStatusSchema,
    images: z.array(z.string()),
    guests: z.number().int(),
    beds: z.number().int(),
    bedrooms: z.number().int(),
    bathrooms: z.number().int(),
    is_liked: z.boolean(),
    description: z.string(),
    amenities: z.array(z.string()),
    safety_amenities: z.array(z.string()),
    house_rules: z.array(z.string()),
    common_spaces: z.array(z.string()),
    terms: z.string(),
    expectation_period_of_guests: z.string(),
    guest_booking_before: z.string(),
    checkin: z.string(),
    checkout: z.string(),
    min_booking_nights: z.number().int(),
    max_booking_nights: z.number().int(),
    guest_noticeperiod: z.string(),
    propertytype: z.string(),
    property_category: z.string(),
    bathroomtype: z.string(),
    bed_details: z.array(bedDetailSchema),
    common_space_bed_details: z.array(bedDetailSchema),
    type_of_place: z.string(),
    payment_details: z.object({
      base_price: z.number(),
      currency: z.string(),
      account: z.string(),
      IFSC: z.string(),
    }),
    guest_requirements: z.array(z.string()),
    rating: ratingSummarySchema,
    contact: z.string(),
    alternate_contact: z.string(),
    address_line1: z.string(),
    address_line2: z.string(),
    cityID: maybe(id),
    cityName: maybe(z.string()),
    pincode: z.string(),
    state: z.string(),
    country: z.string(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const APPLICATION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
export const applicationStatusSchema = lazySchema(() => z.enum(APPLICATION_STATUSES));

export const rentalApplicationSchema = lazySchema(() =>
  z.object({
    _id: id,
    name: z.string(),
    guests: z.number().int(),
    dates: z.object({ start: isoDate, end: isoDate }),
    createdAt: isoDate,
    application_status: applicationStatusSchema,
  }),
);

export const jobSchema = lazySchema(() =>
  z.object({
    _id: id,
    userId: maybe(id),
    company: z.string(),
    position: z.string(),
    logo: maybe(z.string()),
    status: recordStatusSchema,
    job_type: z.string(),
    country: z.string(),
    cityID: maybe(id),
    salary: z.number(),
    salary_type: z.string(),
    /** Beyond SPEC: the ISO 4217 code the salary is in: its city's, else its country's ('' when unknown). */
    currency: z.string(),
    description: z.string(),
    qualification: z.string(),
    question1: maybe(z.string()),
    question2: maybe(z.string()),
    question3: maybe(z.string()),
    question4: maybe(z.string()),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const jobApplicationSchema = lazySchema(() =>
  z.object({
    _id: id,
    resume: maybe(z.string()),
    answer1: maybe(z.string()),
    answer2: maybe(z.string()),
    answer3: maybe(z.string()),
    answer4: maybe(z.string()),
    createdAt: isoDate,
    application_status: applicationStatusSchema,
  }),
);

export const reviewSchema = lazySchema(() =>
  z.object({
    _id: id,
    user: z.array(
      z.object({
        fullname: z.string(),
        lastname: z.string(),
        username: z.string(),
        profileURL: maybe(z.string()),
      }),
    ),
    rating: z.number().int().min(1).max(5),
    review: z.string(),
    createdAt: isoDate,
  }),
);

export const PROMO_TYPES = ['cafe', 'shop', 'explore', 'job', 'rental'] as const;
export const promoSchema = lazySchema(() =>
  z.object({
    _id: id,
    name: z.string(),
    description: z.string(),
    type: z.enum(PROMO_TYPES),
    internal_url: z.string(),
    external_url: z.string(),
    city: maybe(id),
    imageurl: maybe(z.string()),
    status: recordStatusSchema,
    createdAt: isoDate,
  }),
);
export type Promo = z.infer<typeof promoSchema>;

export const issueSchema = lazySchema(() =>
  z.object({
    _id: id,
    description: z.string(),
    image_url: z.array(z.string()),
    status: recordStatusSchema,
    issue_type: z.string(),
    subject: z.string(),
    user: z.object({ fullname: z.string(), lastname: z.string() }).nullable(),
    reported_user: z.object({ fullname: z.string(), lastname: z.string(), username: z.string() }).nullable(),
    createdAt: isoDate,
  }),
);

export const contactRequestSchema = lazySchema(() =>
  z.object({
    _id: id,
    description: z.string(),
    subject: z.string(),
    status: recordStatusSchema,
    createdAt: isoDate,
    user: z
      .object({
        fullname: z.string(),
        lastname: z.string(),
        email: z.string(),
        profileURL: maybe(z.string()),
      })
      .nullable(),
  }),
);

export const groupSchema = lazySchema(() =>
  z.object({
    _id: id,
    statusID: z.string(),
    statusText: z.string(),
    description: z.string(),
    imageurl: z.array(z.string()),
    country: z.string(),
    membersCount: z.number().int(),
    rating: z.number(),
    active: z.boolean(),
    deleted: z.boolean(),
    removed: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);

export const groupMemberSchema = lazySchema(() =>
  z.object({
    _id: id,
    status: recordStatusSchema,
    removed: z.boolean(),
    createdAt: isoDate,
    updatedAt: isoDate,
    user: z
      .object({ _id: id, userID: z.string(), username: z.string(), email: z.string(), fullname: z.string() })
      .nullable(),
  }),
);

/** The signed-in admin (GET /admin/me, DESIGN §4). */
export const adminCountsSchema = lazySchema(() =>
  z.object({
    cafes: z.number().int(),
    friends: z.number().int(),
    jobs: z.number().int(),
    rentals: z.number().int(),
    shops: z.number().int(),
  }),
);
export const adminProfileSchema = lazySchema(() =>
  z.object({
    userID: z.string(),
    username: z.string(),
    fullname: z.string(),
    lastname: z.string(),
    email: z.string(),
    homeLocation: maybe(z.string()),
    profileURL: z.array(z.string()),
    createdAt: isoDate,
  }),
);
export const adminMeSchema = lazySchema(() =>
  z.object({
    profile: adminProfileSchema,
    role_type: roleTypeSchema,
    status: recordStatusSchema,
    permissions: permissionsSchema,
    counts: adminCountsSchema,
    /** Two-factor sign-in: on, and required for the role (DESIGN §8). */
    mfa: mfaStateSchema,
  }),
);
export type AdminMe = z.infer<typeof adminMeSchema>;

/** PUT /admin/me multipart text fields. */
/** A multipart text field of the account form: no control characters (DESIGN §7). */
const accountText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !hasControlCharacters(text), 'must not contain control characters');
export const adminMeUpdateFieldsSchema = lazySchema(() =>
  z.object({
    userID: accountText(100).optional(),
    username: accountText(60).pipe(z.string().min(1, 'username is required')),
    homeLocation: accountText(120).optional(),
    fullname: accountText(120).pipe(z.string().min(1, 'fullname is required')),
    lastname: accountText(120).optional(),
  }),
);

export const analyticsCountsSchema = lazySchema(() =>
  z.object({
    usercount: z.number().int(),
    shopcount: z.number().int(),
    rentalscount: z.number().int(),
    jobscount: z.number().int(),
    groupcount: z.number().int(),
    citycount: z.number().int(),
    cafecount: z.number().int(),
  }),
);
export type AnalyticsCounts = z.infer<typeof analyticsCountsSchema>;
