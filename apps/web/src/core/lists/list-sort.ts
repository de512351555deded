import { AREAS } from '@roam/contract/areas';
import { type ListSort, readSort } from '@roam/contract/lists';
import type { ListDeclaration, ListRow } from './list-declaration';

/**
 * A list's order (DESIGN §4): absent is newest first; else one of the area's sortable keys (the
 * contract's `list.sort`), ascending or descending. The table's sortable headers and the narrow
 * screens' Sort by select both offer exactly these keys.
 */

/** The order after choosing a key: the same key reversed, or a new key ascending. */
export function nextSort(current: ListSort | undefined, key: string): ListSort {
  if (current && readSort(current).key === key) {
    return readSort(current).isDescending ? key : `-${key}`;
  }
  return key;
}

/** A key's name as the list shows it: its column's title, else what it is. */
function keyTitle<Row extends ListRow>(declaration: ListDeclaration<Row>, key: string): string {
  const column = declaration.columns.find((candidate) => candidate.accessor === key);
  if (column) return column.title;
  if (key === 'status') return 'Status';
  if (key === 'createdAt') return 'Created at';
  if (key === 'updatedAt') return 'Updated at';
  return key;
}

/** The Sort by choices: every sortable key both ways, labelled by its column. */
export function sortOptions<Row extends ListRow>(
  declaration: ListDeclaration<Row>,
): { value: ListSort; label: string }[] {
  return AREAS[declaration.area].list.sort.flatMap((key) => {
    const title = keyTitle(declaration, key);
    return [
      { value: key, label: `${title}, ascending` },
      { value: `-${key}` as ListSort, label: `${title}, descending` },
    ];
  });
}
