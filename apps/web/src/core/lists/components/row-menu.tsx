import { ActionIcon } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { PopupOnDemand } from '../../../components/popup-on-demand';
import type { ListRow, RowAction } from '../list-declaration';

type RowMenuProps<Row extends ListRow> = {
  row: Row;
  rowName: string;
  /** The actions this admin may take on this row (already filtered by status and permission; not empty). */
  actions: readonly RowAction<Row>[];
  onChoose: (action: RowAction<Row>, row: Row) => void;
};

/**
 * The row's action menu (SPEC §4); the list shows none on a row with nothing to do (a DELETED one).
 * It is its button until first pressed (components/popup-on-demand.tsx).
 */
export function RowMenu<Row extends ListRow>({ row, rowName, actions, onChoose }: RowMenuProps<Row>) {
  return (
    <PopupOnDemand
      kind="menu"
      trigger={
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${rowName}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      }
    >
      {({ target, kit: { Menu }, ...popup }) => (
        <Menu position="bottom-end" withinPortal shadow="md" {...popup}>
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown>
            {actions.map((action) => (
              <Menu.Item key={action.key} color={action.color} onClick={() => onChoose(action, row)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </PopupOnDemand>
  );
}
