import { AREAS, type AreaName, type HttpCall, removeCall, toggleCall } from '@roam/contract/areas';
import type { AdminMe } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { PermissionAction, PermissionModule } from '@roam/contract/permissions';
import type { RecordStatus } from '@roam/contract/status';
import type { ReactNode } from 'react';
import { canMe } from '../../lib/me';

/**
 * One management list, declared (DESIGN §1): the list screen (components/list-page.tsx) renders
 * every area from one of these. An area declares what differs (columns, filters, actions)
 * and nothing else; its permission module and its endpoint come from the contract by its name.
 */
export type ListRow = { _id: string };

export type ListColumn<Row> = {
  /** A key of the row, or any unique name for a computed column. */
  accessor: string;
  title: string;
  /** The cell; by default the row's value under `accessor` as text. */
  render?: (row: Row) => ReactNode;
  /**
   * Which columns a narrow table keeps: the lowest first (by default 1), equals in their declared
   * order. The first column, the status and the row menu always stay, and below `sm` every column
   * is a line of the row's card (core/tables/fit-columns.ts).
   */
  priority?: number;
  /** The width it needs to be read, in pixels, where it is wider than a short text (an email, a date). */
  minWidth?: number;
};

/** A call an action makes: relative to the origin, with its query and JSON body. */
export type ActionRequest = HttpCall & { json?: unknown };

/** A row-menu entry that asks 'Are you sure you want to {label} this {noun} ?' and then calls. */
export type ConfirmAction<Row> = {
  kind: 'confirm';
  key: string;
  /** The menu label, and the {action} of the confirm text. */
  label: string;
  color?: string;
  /** The permission it needs on the area's module. */
  permission: PermissionAction;
  /** Whether the menu offers it on this row, to this admin. */
  isShown: (row: Row, me: AdminMe | undefined) => boolean;
  request: (row: Row) => ActionRequest;
  successMessage: string;
  /** What happened to the records, in a bulk summary: '3 cafes {done}' ('deleted'). */
  done: string;
  /** The record leaves its page's view (Delete): a detail page goes back to the area's list. */
  isRemoval?: boolean;
};

/** A row-menu entry that opens its own popup (the users' Make admin). */
export type PopupAction<Row> = {
  kind: 'popup';
  key: string;
  label: string;
  color?: string;
  permission: PermissionAction;
  isShown: (row: Row, me: AdminMe | undefined) => boolean;
  render: (props: { row: Row; onClose: () => void; onDone: () => void }) => ReactNode;
};

export type RowAction<Row> = ConfirmAction<Row> | PopupAction<Row>;

/** One line of a row's details popup. */
export type DetailField = { label: string; value: ReactNode };

/**
 * An area's list screen. Its module, path, page size, noun and status calls are the area's entry
 * in the contract's AREAS.
 */
export type ListDeclaration<Row extends ListRow> = {
  area: AreaName;
  /** How a row is named in labels ('Actions for {name}'). */
  rowName: (row: Row) => string;
  columns: readonly ListColumn<Row>[];
  getStatus: (row: Row) => RecordStatus;
  /** What the status cell says, when not the status itself (a blocked user, a group's Active). */
  statusLabel?: (row: Row) => { label: string; color: string } | undefined;
  actions: readonly RowAction<Row>[];
  /**
   * Whether the row menu (and the record's page) offers any action on this row at all (users: not
   * on one's own account). A bulk action still sends its call for such a row: the server refuses
   * it and the summary says why.
   */
  isActionable?: (row: Row, me: AdminMe | undefined) => boolean;
  filters?: {
    city?: boolean;
    /** A select of fixed values sent as `type` (promos). */
    type?: { label: string; options: readonly string[] };
  };
  /** A popup of the row's fields, opened from the first column. */
  details?: {
    title: (row: Row) => string;
    image?: (row: Row) => string | undefined;
    fields: (row: Row) => DetailField[];
  };
  /** Cards instead of a table (promo banners); `select` is the card's selection checkbox. */
  card?: (props: { row: Row; menu: ReactNode; select: ReactNode }) => ReactNode;
  /** A button above the list that opens a popup (Create), shown with write permission. */
  create?: { label: string; render: (props: { onClose: () => void }) => ReactNode };
};

/** A declaration whose row type has been checked where it was written (see defineList). */
export type AnyListDeclaration = ListDeclaration<ListRow>;

/**
 * Checks a declaration against its row type, then hands it on as a list of rows of any shape:
 * the screen only passes each row back to the declaration's own functions.
 */
export function defineList<Row extends ListRow>(declaration: ListDeclaration<Row>): AnyListDeclaration {
  return declaration as unknown as AnyListDeclaration;
}

/**
 * The actions an admin may take on one record, wherever it is shown (row menu, detail page): the
 * record is actionable, the action is shown for it, and the module's flags allow it.
 */
export function allowedActions<Row>(
  actions: readonly RowAction<Row>[],
  row: Row,
  me: AdminMe | undefined,
  options: { module: PermissionModule; isActionable?: (row: Row, me: AdminMe | undefined) => boolean },
): RowAction<Row>[] {
  if (options.isActionable && !options.isActionable(row, me)) return [];
  return actions.filter((action) => action.isShown(row, me) && canMe(me, options.module, action.permission));
}

/**
 * The confirm actions one admin may take on every one of these rows at once (the bulk bar): popup
 * actions stay per row. `isActionable` is not asked: the server answers for each row.
 */
export function actionsForAll<Row>(
  actions: readonly RowAction<Row>[],
  rows: readonly Row[],
  me: AdminMe | undefined,
  module: PermissionModule,
): ConfirmAction<Row>[] {
  if (rows.length === 0) return [];
  return actions.filter(
    (action): action is ConfirmAction<Row> =>
      action.kind === 'confirm' &&
      canMe(me, module, action.permission) &&
      rows.every((row) => action.isShown(row, me)),
  );
}

type StatusRequests<Row> = {
  setStatus: (row: Row, to: 'ACTIVE' | 'INACTIVE') => ActionRequest;
  remove: (row: Row) => ActionRequest;
};

/** The row menu of SPEC §4: Inactivate an ACTIVE row, Activate an INACTIVE one, Delete any not DELETED. */
export function statusActions<Row extends ListRow>(
  getStatus: (row: Row) => RecordStatus,
  requests: StatusRequests<Row>,
  messages: { activated: string; inactivated: string; deleted: string },
): RowAction<Row>[] {
  return [
    {
      kind: 'confirm',
      key: 'inactivate',
      label: 'Inactivate',
      color: 'yellow',
      permission: 'write',
      isShown: (row) => getStatus(row) === 'ACTIVE',
      request: (row) => requests.setStatus(row, 'INACTIVE'),
      successMessage: messages.inactivated,
      done: 'inactivated',
    },
    {
      kind: 'confirm',
      key: 'activate',
      label: 'Activate',
      color: 'green',
      permission: 'write',
      isShown: (row) => getStatus(row) === 'INACTIVE',
      request: (row) => requests.setStatus(row, 'ACTIVE'),
      successMessage: messages.activated,
      done: 'activated',
    },
    {
      kind: 'confirm',
      key: 'delete',
      label: 'Delete',
      color: 'red',
      permission: 'delete',
      isShown: (row) => getStatus(row) !== 'DELETED',
      request: requests.remove,
      successMessage: messages.deleted,
      done: 'deleted',
      isRemoval: true,
    },
  ];
}

/** A call the contract gives for an area that has it (every area but users, which call their own). */
function contractCall(area: AreaName, call: HttpCall | undefined): ActionRequest {
  if (!call) throw new Error(`${area}: the contract has no such call; declare the area's own`);
  return call;
}

/**
 * The common case: the area's toggle and delete calls from the contract (`toggleCall`,
 * `removeCall`), messages naming the area's noun. `getStatus` reads a row's status where it is not
 * its `status` (groups: `groupStatusOf`).
 */
export function recordActions<Row extends ListRow & Record<string, unknown>>(
  area: AreaName,
  options: { getStatus?: (row: Row) => RecordStatus; deleted?: string } = {},
): RowAction<Row>[] {
  const { noun } = AREAS[area].labels;
  const name = noun.charAt(0).toUpperCase() + noun.slice(1);
  const getStatus = options.getStatus ?? ((row: Row) => row.status as RecordStatus);
  return statusActions<Row>(
    getStatus,
    {
      setStatus: (row, to) => contractCall(area, toggleCall(area, row, to)),
      remove: (row) => contractCall(area, removeCall(area, row)),
    },
    {
      activated: `${name} activated`,
      inactivated: `${name} inactivated`,
      deleted: options.deleted ?? MESSAGES.deletedSuccessfully,
    },
  );
}
