import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  cafeSchema,
  groupMemberSchema,
  groupSchema,
  jobApplicationSchema,
  jobSchema,
  ratingSummarySchema,
  rentalApplicationSchema,
  rentalSchema,
  reviewSchema,
  shopSchema,
  userSchema,
} from './entities';
import { lazySchema } from './lazy-schema';
import { intFromQuery, listQueryFields, MAX_PAGE_SIZE, tileCountsSchema, withDatesInOrder } from './lists';

/**
 * The detail calls (SPEC §7, issue "detail screens"): one item of an area, its reviews and
 * applications, a user's profile data and a group with its members. SPEC gives the paths and a few
 * keys; the rest of each answer's shape is fixed here, for both sides.
 */

/** A review call answers at most this many reviews, the newest; its rating summary counts them all. */
export const MAX_REVIEWS = 100;

export const reviewsQuerySchema = lazySchema(() =>
  z.object({
    itemID: z.string({ message: 'is required' }).uuid('must be a UUID'),
  }),
);
export const reviewsResponseSchema = lazySchema(() =>
  z.object({
    reviews: z
      .array(reviewSchema)
      .max(MAX_REVIEWS)
      .describe(`The item's reviews, newest first: at most ${MAX_REVIEWS}, the newest.`),
    rating: ratingSummarySchema.describe('Summary of every review of the item (avgrating to two decimals).'),
  }),
);
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

/** An application list's status: All or an application status, in any case ('all', 'Pending'). */
export const APPLICATION_STATUS_FILTERS = ['All', ...APPLICATION_STATUSES] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUS_FILTERS)[number];
export const applicationStatusFilterSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value, ctx): ApplicationStatusFilter => {
      const upper = value.toUpperCase();
      if (upper === 'ALL') return 'All';
      const match = APPLICATION_STATUSES.find((status) => status === upper);
      if (match) return match;
      ctx.addIssue({
        code: 'custom',
        message: 'status must be All, PENDING, ACCEPTED, REJECTED or CANCELLED',
      });
      return z.NEVER;
    }),
);

/** Rental applications are fetched 30 at a time and paged 20 on the client (SPEC §9). */
export const RENTAL_APPLICANTS_PAGE_SIZE = 30;
/** Job applications: SPEC sends no limit and pages 20 on the client; one call answers up to 100. */
export const JOB_APPLICANTS_PAGE_SIZE = MAX_PAGE_SIZE;

/** An item's applications: skip, limit (1..100) and status; newest first. */
export function makeApplicantsQuerySchema(defaultLimit: number) {
  const { skip } = listQueryFields();
  return z.object({
    skip,
    limit: intFromQuery(1, MAX_PAGE_SIZE).default(defaultLimit),
    status: applicationStatusFilterSchema.default('All'),
  });
}

/** GET /admin/rental/applicants/{id}?status=All&skip=0&limit=30 */
export const rentalApplicantsResponseSchema = lazySchema(() =>
  z.object({
    applications: z.array(rentalApplicationSchema),
    searchcount: z.number().int(),
  }),
);

/** GET /admin/jobApplicants/{id}?status=All */
export const jobApplicantsResponseSchema = lazySchema(() =>
  z.object({
    applications: z.array(jobApplicationSchema),
    searchcount: z.number().int(),
  }),
);

/** The five preview lists of a user's profile, 5 rows each (SPEC §2 User profile). */
export const PROFILE_PREVIEW_SIZE = 5;

/** A friend in the profile's friendList. */
export const friendSchema = lazySchema(() =>
  userSchema.pick({
    _id: true,
    userID: true,
    username: true,
    fullname: true,
    lastname: true,
    profileURL: true,
  }),
);

/** GET /admin/users/profile/data?uid=: the user's `_id` or `userID`; without it, the caller's own profile. */
export const profileDataQuerySchema = lazySchema(() =>
  z.object({ uid: z.string().trim().min(1).max(100).optional() }),
);

/**
 * GET /admin/users/profile/data?uid=: the profile, its counts (SPEC §3) and the first five of each
 * list, newest first. friendscount counts the user's friends and blockedcount the users they
 * blocked; the cafes, jobs, rentals, shops and groups counts, like their lists, take what the user
 * owns that is not DELETED (as the admin's own counts on GET /admin/me).
 */
export const profileDataResponseSchema = lazySchema(() =>
  z.object({
    profile: userSchema,
    friendscount: z.number().int(),
    blockedcount: z.number().int(),
    cafescount: z.number().int(),
    jobscount: z.number().int(),
    rentalscount: z.number().int(),
    shopscount: z.number().int(),
    groupscount: z.number().int(),
    friendList: z.array(friendSchema).describe('Up to five friends, the newest friendships first.'),
    cafes: z.array(cafeSchema.omit({ rating: true })),
    groups: z.array(groupSchema),
    rentals: z.array(rentalSchema.omit({ rating: true })),
    jobs: z.array(jobSchema),
    shops: z.array(shopSchema.omit({ rating: true })),
  }),
);
export type ProfileData = z.infer<typeof profileDataResponseSchema>;

/** Group members are listed 20 per page (SPEC §9). */
export const GROUP_MEMBERS_PAGE_SIZE = 20;

/**
 * GET /admin/group/{id}'s query: the list query's skip, status, searchphrase, from_date and to_date
 * (on the membership's createdAt), and a limit of 1..100.
 */
export const groupDetailQuerySchema = lazySchema(() => {
  const groupMemberFilters = listQueryFields(GROUP_MEMBERS_PAGE_SIZE);
  return withDatesInOrder(
    z.object({
      skip: groupMemberFilters.skip,
      limit: intFromQuery(1, MAX_PAGE_SIZE).default(GROUP_MEMBERS_PAGE_SIZE),
      status: groupMemberFilters.status,
      searchphrase: groupMemberFilters.searchphrase,
      from_date: groupMemberFilters.from_date,
      to_date: groupMemberFilters.to_date,
    }),
  );
});
export type GroupDetailQuery = z.infer<typeof groupDetailQuerySchema>;

/**
 * GET /admin/group/{id} (id: the group's statusID or _id), with skip, limit (default 20),
 * searchphrase (username, email, full name), from_date and to_date (on the membership's createdAt)
 * and status (of the membership): the group, one page of members (newest first), searchcount (the
 * members matching every filter) and the members by status under every filter but status.
 */
export const groupDetailResponseSchema = lazySchema(() =>
  z
    .object({
      groupinfo: groupSchema,
      members: z.array(groupMemberSchema),
      searchcount: z.number().int(),
    })
    .extend(tileCountsSchema.shape),
);
export type GroupDetail = z.infer<typeof groupDetailResponseSchema>;

/**
 * POST /admin/group/remove/members: JSON {statusID, userID} (the group's statusID or _id, the user's
 * userID or _id). The membership is kept, marked removed and DELETED: 200 {message}; 404 unknown
 * group or not a member; 409 already removed.
 */
export const removeMemberBodySchema = lazySchema(() =>
  z.object({
    statusID: z.string().min(1).max(100),
    userID: z.string().min(1).max(100),
  }),
);
