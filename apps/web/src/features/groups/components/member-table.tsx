import { ActionIcon } from '@mantine/core';
import type { GroupDetail } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { IconDotsVertical } from '@tabler/icons-react';
import { PopupOnDemand } from '../../../components/popup-on-demand';
import { StatusBadge } from '../../../components/status-badge';
import { RowLink } from '../../../core/lists/components/row-link';
import { ResponsiveTable, type TableColumn } from '../../../core/tables/responsive-table';
import { formatDateTime } from '../../../lib/format-date';
import classes from './member-table.module.css';

export type Member = GroupDetail['members'][number];

type MemberTableProps = {
  members: readonly Member[];
  /** The number of the first row: members before this page. */
  offset: number;
  /** Whether this admin may remove members (write on groups). */
  canRemove: boolean;
  onRemove: (member: Member) => void;
};

const orNotAvailable = (value: string | undefined | null) => value || MESSAGES.notAvailable;

/** A member who is not gone (SPEC §2: the menu is on non-deleted members only). */
export function isRemovable(member: Member): boolean {
  return member.user !== null && member.status !== 'DELETED' && !member.removed;
}

const memberName = (member: Member) => member.user?.username || member.user?.fullname;

const COLUMNS: readonly TableColumn<Member>[] = [
  {
    accessor: 'username',
    title: 'User name',
    render: (member) => {
      const name = memberName(member);
      return member.user && name ? (
        <RowLink to="/userdetail/$id" params={{ id: member.user.userID }}>
          {name}
        </RowLink>
      ) : (
        MESSAGES.notAvailable
      );
    },
  },
  {
    accessor: 'email',
    title: 'Email',
    priority: 2,
    minWidth: 200,
    render: (member) => orNotAvailable(member.user?.email),
  },
  {
    accessor: 'createdAt',
    title: 'Created at',
    minWidth: 160,
    render: (member) => orNotAvailable(formatDateTime(member.createdAt)),
  },
  {
    accessor: 'updatedAt',
    title: 'Updated at',
    priority: 3,
    minWidth: 160,
    render: (member) => orNotAvailable(formatDateTime(member.updatedAt)),
  },
  {
    accessor: 'status',
    title: 'Status',
    isStatus: true,
    render: (member) => <StatusBadge status={member.status} />,
  },
];

/** The group's members: #, user name, email, created at, updated at, status and the hover menu. */
export function MemberTable({ members, offset, canRemove, onRemove }: MemberTableProps) {
  const menu = (member: Member) =>
    canRemove && isRemovable(member) ? (
      <div className={classes.menu}>
        <PopupOnDemand
          kind="menu"
          trigger={
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${memberName(member) ?? 'member'}`}
            >
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          }
        >
          {({ target, kit: { Menu }, ...popup }) => (
            <Menu position="bottom-end" withinPortal shadow="md" {...popup}>
              <Menu.Target>{target}</Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" onClick={() => onRemove(member)}>
                  Remove Member
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </PopupOnDemand>
      </div>
    ) : null;
  return (
    <ResponsiveTable<Member>
      label="Members"
      rows={[...members]}
      columns={COLUMNS}
      rowName={(member) => memberName(member) ?? MESSAGES.notAvailable}
      numberFrom={offset + 1}
      menu={menu}
      empty={MESSAGES.noData}
      rowClassName={classes.row}
    />
  );
}
