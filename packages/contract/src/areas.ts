import { z } from 'zod';
import {
  JOB_APPLICANTS_PAGE_SIZE,
  jobApplicantsResponseSchema,
  RENTAL_APPLICANTS_PAGE_SIZE,
  rentalApplicantsResponseSchema,
} from './details';
import {
  cafeSchema,
  citySchema,
  contactRequestSchema,
  exploreSchema,
  groupSchema,
  issueSchema,
  jobSchema,
  promoSchema,
  rentalSchema,
  shopSchema,
  userSchema,
} from './entities';
import { lazySchema } from './lazy-schema';
import {
  DEFAULT_PAGE_SIZE,
  type ListSort,
  makeListQuerySchema,
  makeListSearch,
  PROMO_PAGE_SIZE,
} from './lists';
import { MESSAGES } from './messages';
import type { PermissionModule } from './permissions';
import {
  groupStatusFilterSchema,
  groupToggleTargetSchema,
  type RecordStatus,
  type StatusFilter,
  statusFilterSchema,
  toggleTargetSchema,
} from './status';

/**
 * The management areas, each named once (STYLE rules 1 and 15): its permission module, its labels,
 * where its list, item, reviews and applications live (SPEC §7), how it spells and changes a
 * record's status. Both sides derive from this table: the server registers an area's routes from
 * its entry, the panel calls them and labels its screens from it. An area's name is its folder on
 * both sides, the root of its query keys, its audit entity and the area of its live events.
 *
 * Room for what comes next lives beside these keys: create and edit bodies, export columns.
 */

/** How a row's status changes over HTTP (SPEC §7); the panel builds its calls from it, the server its routes. */
export type StatusCalls = {
  /**
   * How the list's `status` parameter and the toggle's target spell ACTIVE and INACTIVE: as the
   * names in any case (default), or also as 1 and 0 (groups: `status=1`, `markas=0`).
   */
  spelling: 'names' | 'flags';
  /**
   * PUT {path}/:id?{param}=target moves a row between ACTIVE and INACTIVE. With `param: 'status'`
   * the same call also deletes (`status=DELETED`). Absent: the area changes status through its own
   * routes (users).
   */
  toggle?: { path: string; param: 'markas' | 'status' };
  /**
   * How a row is deleted (marked DELETED): `DELETE {list path}/:id` ('by-id'), through the toggle's
   * `status=DELETED` ('toggle'), `DELETE {path}?{param}={the row's key}` ('by-key': groups by
   * statusID), or through the area's own routes ('own').
   */
  remove:
    | { via: 'by-id' }
    | { via: 'toggle' }
    | { via: 'by-key'; path: string; param: string; key: string }
    | { via: 'own' };
};

export type AreaDefinition = {
  /** The permission module guarding every route and screen of the area. */
  module: PermissionModule;
  labels: {
    /** The side navigation's entry and the make-admin form's row: 'Store and Shop'. */
    nav: string;
    /** The list page's title: 'Store and Shop'. */
    title: string;
    /** One record in sentences: 'Are you sure you want to Delete this {noun} ?' */
    noun: string;
    /** More than one in sentences: 'Are you sure you want to Delete these 3 {nouns} ?', '3 {nouns} deleted'. */
    nouns: string;
  };
  list: {
    /** GET /admin{path}: the list (DESIGN §4). */
    path: string;
    /** The key of the rows in the answer. */
    responseKey: string;
    /** SPEC §9: 20 rows a page (promo banners 12). */
    pageSize: number;
    /** One row as the list answers it. */
    row: z.ZodType;
    /** A key under which the answer also gives active + inactive + deleted (groups: 'count'). */
    totalKey?: string;
    /** How a per-user list names its user (SPEC §7): `uid`, groups `userId` (the server takes both). */
    ownerParam?: 'uid' | 'userId';
    /**
     * The row keys the list may be ordered by (`sort`, DESIGN §4): the columns it shows where order
     * means something (the name, the dates, the status) and always `createdAt`. `status` is the
     * Status column, however the row spells it (groups: its booleans). Each is served by an index
     * on the server; the panel's sortable headers are exactly these.
     */
    sort: readonly string[];
  };
  /** GET /admin{list path}/:id: one item with everything its detail screen shows. */
  detail?: { schema: z.ZodType };
  /** GET /admin{list path}/review?itemID=: an item's reviews and their summary. */
  reviews?: boolean;
  /** GET /admin{path}/:id: one item's applications, `pageSize` when the call sends no limit. */
  applications?: { path: string; pageSize: number; response: z.ZodType };
  status: StatusCalls;
  /** Create and edit (DESIGN §8): the text fields' schemas are in forms.ts (kept out of this file's bundle). */
  form?: FormCalls;
  /** The area's own calls beyond these (SPEC §7), by name: users' status and role changes, a group's page. */
  calls?: Record<string, OwnCall>;
};

/**
 * POST /admin{path} creates a record, PUT /admin{path}/:id edits it; both multipart. The answer is
 * {message, [responseKey]: the record as its list shows it} (201 on create); an edit that changes
 * nothing answers 200 {message: 'No changes were made'}.
 */
export type FormCalls = {
  path: string;
  responseKey: string;
  /**
   * The record's images: the file field, how many it has (a create needs `min`), and the aspect
   * (width / height) the panel crops each to, on create and on edit.
   */
  images: { field: 'file' | 'files'; min: number; max: number; aspect: { create: number; edit: number } };
  messages: { created: string; updated: string };
};

/** One of an area's own calls: its method and its path under /admin (`:id` for a path parameter). */
export type OwnCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

/** The status calls of most areas: PUT {path}/toggle/:id?markas=ACTIVE|INACTIVE and DELETE {path}/:id. */
const markasToggle = (path: string): StatusCalls => ({
  spelling: 'names',
  toggle: { path: `${path}/toggle`, param: 'markas' },
  remove: { via: 'by-id' },
});

/** In the order of the side navigation (SPEC §2). */
export const AREAS = {
  users: {
    module: 'userManagement',
    labels: { nav: 'User', title: 'Users', noun: 'user', nouns: 'users' },
    list: {
      path: '/users',
      responseKey: 'Users',
      pageSize: DEFAULT_PAGE_SIZE,
      row: userSchema,
      sort: ['username', 'createdAt', 'status'],
    },
    // Status changes and deletion go through the users' own calls.
    status: { spelling: 'names', remove: { via: 'own' } },
    calls: {
      profile: { method: 'GET', path: '/users/profile/data' },
      update: { method: 'PUT', path: '/users/update' },
      enable: { method: 'PUT', path: '/users/enable' },
      disable: { method: 'POST', path: '/users/disable' },
      addRole: { method: 'POST', path: '/users/addrole' },
      removeRole: { method: 'POST', path: '/users/disablerole' },
      remove: { method: 'DELETE', path: '/users/deleteuser' },
    },
  },
  cities: {
    module: 'cityManagement',
    labels: { nav: 'City', title: 'City', noun: 'city', nouns: 'cities' },
    list: {
      path: '/city',
      responseKey: 'cities',
      pageSize: DEFAULT_PAGE_SIZE,
      row: citySchema,
      sort: ['name', 'createdAt', 'status'],
    },
    detail: { schema: citySchema },
    status: markasToggle('/city'),
    form: {
      path: '/city',
      responseKey: 'city',
      images: { field: 'file', min: 1, max: 1, aspect: { create: 1, edit: 16 / 9 } },
      messages: { created: MESSAGES.cityCreated, updated: MESSAGES.cityUpdated },
    },
  },
  cafes: {
    module: 'cafeManagement',
    labels: { nav: 'Cafe', title: 'Cafe', noun: 'cafe', nouns: 'cafes' },
    list: {
      path: '/cafe',
      responseKey: 'cafes',
      pageSize: DEFAULT_PAGE_SIZE,
      row: lazySchema(() => cafeSchema.omit({ rating: true })),
      sort: ['name', 'createdAt', 'status'],
    },
    detail: { schema: cafeSchema },
    reviews: true,
    status: markasToggle('/cafe'),
  },
  shops: {
    module: 'shopManagement',
    labels: { nav: 'Store and Shop', title: 'Store and Shop', noun: 'shop', nouns: 'shops' },
    list: {
      path: '/shop',
      responseKey: 'shops',
      pageSize: DEFAULT_PAGE_SIZE,
      row: lazySchema(() => shopSchema.omit({ rating: true })),
      sort: ['name', 'createdAt', 'updatedAt', 'status'],
    },
    detail: { schema: shopSchema },
    reviews: true,
    status: markasToggle('/shop'),
  },
  explore: {
    module: 'exploreManagement',
    labels: { nav: 'Things To Do', title: 'Things ToDo', noun: 'thing to do', nouns: 'things to do' },
    list: {
      path: '/explore',
      responseKey: 'explores',
      pageSize: DEFAULT_PAGE_SIZE,
      row: exploreSchema,
      sort: ['title', 'createdAt', 'updatedAt', 'status'],
    },
    detail: { schema: exploreSchema },
    status: markasToggle('/explore'),
    form: {
      path: '/explore',
      responseKey: 'explore',
      images: { field: 'files', min: 1, max: 10, aspect: { create: 16 / 9, edit: 16 / 9 } },
      messages: { created: MESSAGES.exploreCreated, updated: MESSAGES.exploreUpdated },
    },
  },
  promos: {
    module: 'promoManagement',
    labels: { nav: 'Promo Banner', title: 'Promo Banner', noun: 'promo', nouns: 'promos' },
    list: {
      path: '/promo',
      responseKey: 'banners',
      pageSize: PROMO_PAGE_SIZE,
      row: promoSchema,
      sort: ['name', 'createdAt', 'status'],
    },
    status: markasToggle('/promo'),
    form: {
      path: '/promo',
      responseKey: 'promo',
      images: { field: 'file', min: 1, max: 1, aspect: { create: 16 / 9, edit: 16 / 9 } },
      messages: { created: MESSAGES.promoCreated, updated: MESSAGES.editedSuccessfully },
    },
  },
  rentals: {
    module: 'rentalManagement',
    labels: { nav: 'Rentals', title: 'Rental', noun: 'rental', nouns: 'rentals' },
    list: {
      path: '/rental',
      responseKey: 'rentals',
      pageSize: DEFAULT_PAGE_SIZE,
      row: lazySchema(() => rentalSchema.omit({ rating: true })),
      sort: ['name', 'createdAt', 'status'],
    },
    detail: { schema: rentalSchema },
    reviews: true,
    applications: {
      path: '/rental/applicants',
      pageSize: RENTAL_APPLICANTS_PAGE_SIZE,
      response: rentalApplicantsResponseSchema,
    },
    status: markasToggle('/rental'),
  },
  jobs: {
    module: 'jobManagement',
    labels: { nav: 'Jobs', title: 'Jobs Management', noun: 'job', nouns: 'jobs' },
    list: {
      path: '/job',
      responseKey: 'jobs',
      pageSize: DEFAULT_PAGE_SIZE,
      row: jobSchema,
      sort: ['position', 'createdAt', 'status'],
    },
    detail: { schema: jobSchema },
    reviews: true,
    applications: {
      path: '/jobApplicants',
      pageSize: JOB_APPLICANTS_PAGE_SIZE,
      response: jobApplicantsResponseSchema,
    },
    status: markasToggle('/job'),
  },
  issues: {
    module: 'reportManagement',
    labels: { nav: 'Reported Issue', title: 'Reported Issue', noun: 'issue', nouns: 'issues' },
    list: {
      path: '/report',
      responseKey: 'Reports',
      pageSize: DEFAULT_PAGE_SIZE,
      row: issueSchema,
      sort: ['subject', 'createdAt', 'status'],
    },
    status: {
      spelling: 'names',
      toggle: { path: '/report/toggle', param: 'status' },
      remove: { via: 'toggle' },
    },
  },
  contacts: {
    module: 'contactusManagement',
    labels: { nav: 'Contact Us', title: 'Contact Us', noun: 'request', nouns: 'requests' },
    list: {
      path: '/contact/requests',
      responseKey: 'requests',
      pageSize: DEFAULT_PAGE_SIZE,
      row: contactRequestSchema,
      sort: ['subject', 'createdAt', 'status'],
    },
    status: {
      spelling: 'names',
      toggle: { path: '/contactus/toggle', param: 'status' },
      remove: { via: 'toggle' },
    },
  },
  groups: {
    module: 'groupManagement',
    labels: { nav: 'Group', title: 'Groups', noun: 'group', nouns: 'groups' },
    list: {
      path: '/group',
      responseKey: 'groups',
      pageSize: DEFAULT_PAGE_SIZE,
      row: groupSchema,
      totalKey: 'count',
      ownerParam: 'userId',
      sort: ['statusText', 'createdAt', 'status'],
    },
    status: {
      spelling: 'flags',
      toggle: { path: '/group/toggle', param: 'markas' },
      remove: { via: 'by-key', path: '/group/delete', param: 'statusId', key: 'statusID' },
    },
    calls: {
      // The group (by statusID or _id) with one page of its members.
      detail: { method: 'GET', path: '/group/:id' },
      removeMember: { method: 'POST', path: '/group/remove/members' },
    },
  },
} as const satisfies Record<string, AreaDefinition>;

export type AreaName = keyof typeof AREAS;
export type Area<Name extends AreaName = AreaName> = (typeof AREAS)[Name];
export const AREA_NAMES = Object.keys(AREAS) as AreaName[];

/** An area's list row, as its list answers it. */
export type AreaRow<Name extends AreaName> = z.infer<Area<Name>['list']['row']>;

/** The keys an area's list may be ordered by, and its `sort` values (`name`, `-name`). */
export type SortKey<Name extends AreaName = AreaName> = Area<Name>['list']['sort'][number];
export type AreaSort<Name extends AreaName = AreaName> = ListSort<SortKey<Name>>;

/** An area's list query as the server takes it (DESIGN §4): its page size, status spelling and order. */
export function listQuerySchemaOf(name: AreaName) {
  const { list } = AREAS[name];
  return makeListQuerySchema(list.pageSize, statusFilterSchemaOf(name), list.sort);
}

/** An area's list state in the panel's URL: an order not of the area is dropped, never an error. */
export const listSearchOf = (name: AreaName) => makeListSearch(AREAS[name].list.sort);

/** Whether the area's list may be ordered by this key (a column's accessor, a header's). */
export function isSortKey<Name extends AreaName>(name: Name, key: string): key is SortKey<Name> {
  return (AREAS[name].list.sort as readonly string[]).includes(key);
}

/** The areas with a detail call, and the item each answers. */
export type DetailAreaName = {
  [Name in AreaName]: Area<Name> extends { detail: object } ? Name : never;
}[AreaName];
export type DetailItem<Name extends DetailAreaName> = z.infer<Area<Name>['detail']['schema']>;

/** The areas whose items have reviews. */
export type ReviewedAreaName = {
  [Name in AreaName]: Area<Name> extends { reviews: true } ? Name : never;
}[AreaName];

/** The areas whose items take applications. */
export type ApplicationsAreaName = {
  [Name in AreaName]: Area<Name> extends { applications: object } ? Name : never;
}[AreaName];

export const isDetailArea = (name: AreaName): name is DetailAreaName => 'detail' in AREAS[name];
export const isReviewedArea = (name: AreaName): name is ReviewedAreaName => 'reviews' in AREAS[name];

/** The area a permission module guards. */
export function areaOfModule(module: PermissionModule): AreaName {
  const name = AREA_NAMES.find((candidate) => AREAS[candidate].module === module);
  if (!name) throw new Error(`no area is guarded by ${module}`);
  return name;
}

/** The list's `status` parameter as the server accepts it: the tile values, and groups' 1 and 0. */
export function statusFilterSchemaOf(name: AreaName): z.ZodType<StatusFilter, string> {
  return AREAS[name].status.spelling === 'flags' ? groupStatusFilterSchema : statusFilterSchema;
}

/**
 * The toggle's target as the server accepts it: ACTIVE or INACTIVE (or 1 and 0 where the area
 * spells flags); with `param: 'status'` also DELETED.
 */
export function toggleTargetSchemaOf(name: AreaName): z.ZodType<RecordStatus, string> {
  return AREAS[name].status.spelling === 'flags' ? groupToggleTargetSchema : toggleTargetSchema;
}

/** How the panel sends a tile: omitted for All; groups' 1 and 0 for active and inactive (SPEC §7). */
export function statusQueryValue(name: AreaName, status: RecordStatus | undefined): string | undefined {
  if (AREAS[name].status.spelling !== 'flags') return status ?? 'All';
  if (status === 'ACTIVE') return '1';
  if (status === 'INACTIVE') return '0';
  return status;
}

/** A call the panel makes, relative to the origin. */
export type HttpCall = {
  method: 'PUT' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string>;
};

type KeyedRow = { _id: string } & Record<string, unknown>;

/** The call that moves a row to ACTIVE or INACTIVE; undefined where the area uses its own routes. */
export function toggleCall(name: AreaName, row: KeyedRow, to: 'ACTIVE' | 'INACTIVE'): HttpCall | undefined {
  const { status } = AREAS[name] as AreaDefinition;
  if (!status.toggle) return undefined;
  const target = status.spelling === 'flags' ? (to === 'ACTIVE' ? '1' : '0') : to;
  return {
    method: 'PUT',
    path: `/admin${status.toggle.path}/${row._id}`,
    query: { [status.toggle.param]: target },
  };
}

/** The call that marks a row DELETED; undefined where the area uses its own routes. */
export function removeCall(name: AreaName, row: KeyedRow): HttpCall | undefined {
  const area = AREAS[name] as AreaDefinition;
  const { remove, toggle } = area.status;
  switch (remove.via) {
    case 'by-id':
      return { method: 'DELETE', path: `/admin${area.list.path}/${row._id}` };
    case 'toggle':
      if (!toggle) throw new Error(`${name}: deleting through the toggle needs a toggle`);
      return { method: 'PUT', path: `/admin${toggle.path}/${row._id}`, query: { [toggle.param]: 'DELETED' } };
    case 'by-key':
      return {
        method: 'DELETE',
        path: `/admin${remove.path}`,
        query: { [remove.param]: String(row[remove.key]) },
      };
    case 'own':
      return undefined;
  }
}

/** SPEC §4: a group's status is its booleans, Inactive when neither active nor deleted. */
export function groupStatusOf(group: { active: boolean; deleted: boolean }): RecordStatus {
  if (group.deleted) return 'DELETED';
  return group.active ? 'ACTIVE' : 'INACTIVE';
}

/** The path of an own call under /admin, its `:id` filled in (and encoded). */
export function callPath(call: OwnCall, params: { id?: string } = {}): string {
  const path = `/admin${call.path}`;
  if (!path.includes(':id')) return path;
  if (params.id === undefined) throw new Error(`${call.path} needs an id`);
  return path.replace(':id', encodeURIComponent(params.id));
}

/** The areas with create and edit forms. */
export type FormAreaName = {
  [Name in AreaName]: Area<Name> extends { form: FormCalls } ? Name : never;
}[AreaName];
export const isFormArea = (name: AreaName): name is FormAreaName => 'form' in AREAS[name];

/** The answer of a create or edit: its message and, unless nothing changed, the record. */
export type FormAnswer = { message: string } & Record<string, unknown>;
export function formAnswerSchema(name: FormAreaName): z.ZodType<FormAnswer> {
  const { form, list } = AREAS[name];
  return z.object({ message: z.string() }).and(z.object({ [form.responseKey]: list.row.optional() }));
}
