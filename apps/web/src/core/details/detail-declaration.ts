import type { DetailAreaName, DetailItem } from '@roam/contract/areas';
import type { RecordStatus } from '@roam/contract/status';
import type { ReactNode } from 'react';
import type { RowAction } from '../lists/list-declaration';

/**
 * One detail page, declared (DESIGN §1): the detail layout (detail-page.tsx) renders every area's
 * item page from one of these. The area's name gives the call, its schema and the permission
 * module; the declaration says what the page shows of the item.
 */
export type DetailTab<Item> = {
  /** The tab's visible and accessible name. */
  label: string;
  render: (item: Item) => ReactNode;
};

export type DetailDeclaration<Area extends DetailAreaName> = {
  area: Area;
  /** The page's h1: the item's name. */
  title: (item: DetailItem<Area>) => string;
  status?: (item: DetailItem<Area>) => RecordStatus;
  /** Photos above the header; the carousel shows a placeholder when the list is empty. */
  images?: (item: DetailItem<Area>) => readonly string[];
  /** The summary under the title: a line of facts, a logo, a rating. */
  header?: (item: DetailItem<Area>) => ReactNode;
  /** Content shown under the header, before any tabs (a page without tabs has only this). */
  body?: (item: DetailItem<Area>) => ReactNode;
  tabs?: readonly DetailTab<DetailItem<Area>>[];
  /**
   * The header's actions: the area's row actions from its list declaration (the item is a row of
   * its list with more fields), so the page offers what the row menu does, asked and run alike.
   */
  actions?: readonly RowAction<DetailItem<Area>>[];
};

/** Checks a declaration against its area's item type where it is written. */
export function defineDetail<Area extends DetailAreaName>(declaration: DetailDeclaration<Area>) {
  return declaration;
}
