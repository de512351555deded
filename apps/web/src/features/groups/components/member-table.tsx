import { ActionIcon, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import type { GroupDetail } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { IconDotsVertical } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge';
import { RowLink } from '../../../core/lists/components/row-link';
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

/** The group's members: #, user name, email, created at, updated at, status and the hover menu. */
export function MemberTable({ members, offset, canRemove, onRemove }: MemberTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>#</Table.Th>
            <Table.Th>User name</Table.Th>
            <Table.Th visibleFrom="sm">Email</Table.Th>
            <Table.Th>Created at</Table.Th>
            <Table.Th visibleFrom="md">Updated at</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text ta="center" c="dimmed" py="lg">
                  {MESSAGES.noData}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            members.map((member, index) => {
              const name = member.user?.username || member.user?.fullname;
              return (
                <Table.Tr key={member._id} className={classes.row}>
                  <Table.Td>{offset + index + 1}</Table.Td>
                  <Table.Td>
                    {member.user && name ? (
                      <RowLink to="/userdetail/$id" params={{ id: member.user.userID }}>
                        {name}
                      </RowLink>
                    ) : (
                      MESSAGES.notAvailable
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{orNotAvailable(member.user?.email)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {orNotAvailable(formatDateTime(member.createdAt))}
                  </Table.Td>
                  <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
                    {orNotAvailable(formatDateTime(member.updatedAt))}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={member.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {canRemove && isRemovable(member) ? (
                      <div className={classes.menu}>
                        <Menu position="bottom-end" withinPortal shadow="md">
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${name ?? 'member'}`}
                            >
                              <IconDotsVertical size={18} aria-hidden />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item color="red" onClick={() => onRemove(member)}>
                              Remove Member
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </div>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
