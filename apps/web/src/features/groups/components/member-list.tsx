import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { GROUP_MEMBERS_PAGE_SIZE } from '@roam/contract/details';
import { pageCount } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateRangeFilter } from '../../../core/lists/components/date-range-filter';
import { SearchBox } from '../../../core/lists/components/search-box';
import { actionFailureMessage } from '../../../lib/action-failure';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import type { MemberFilters } from '../api/get-group-detail';
import { useRemoveMember } from '../api/remove-member';
import { type Member, MemberTable } from './member-table';

type MemberListProps = {
  statusID: string;
  members: readonly Member[];
  searchcount: number;
  filters: MemberFilters;
  /** A new search or date range (back to page 1), or a new page. */
  onChange: (patch: MemberFilters) => void;
  canRemove: boolean;
  isFetching: boolean;
};

/**
 * The group's Member List (SPEC §2): From and To dates, search on Enter, 20 per page with Previous
 * and Next, and Remove Member behind a confirmation.
 */
export function MemberList({
  statusID,
  members,
  searchcount,
  filters,
  onChange,
  canRemove,
  isFetching,
}: MemberListProps) {
  const headingId = useId();
  const [pending, setPending] = useState<Member | null>(null);
  const removal = useRemoveMember();
  const page = filters.page ?? 1;
  const pages = pageCount(searchcount, GROUP_MEMBERS_PAGE_SIZE);
  const filterBy = (patch: MemberFilters) => onChange({ ...patch, page: undefined });
  const goTo = (next: number) => onChange({ page: next > 1 ? next : undefined });

  const onConfirm = async (member: Member) => {
    if (!member.user) return;
    try {
      await removal.mutateAsync({ statusID, userID: member.user.userID });
      notify('success', MESSAGES.memberRemoved);
      setPending(null);
    } catch (error) {
      // A 403 has already shown the Unauthorized Access popup.
      if (isApiError(error) && error.isHandled) setPending(null);
      else notify('error', actionFailureMessage(error));
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Title order={2} size="h4" id={headingId} mb="sm">
        Member List
      </Title>
      <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
        <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => filterBy(range)} />
        <SearchBox value={filters.q} onSearch={(q) => filterBy({ q })} />
      </Group>
      <div aria-busy={isFetching}>
        <MemberTable
          members={members}
          offset={(page - 1) * GROUP_MEMBERS_PAGE_SIZE}
          canRemove={canRemove}
          onRemove={setPending}
        />
      </div>
      <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
        <Text size="sm">Total Records Found: {searchcount}</Text>
        <Group gap="sm" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={page <= 1}
            onClick={() => goTo(page - 1)}
          >
            Previous
          </Button>
          <Text size="sm" aria-live="polite">
            Page {page} of {pages}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={page >= pages}
            onClick={() => goTo(page + 1)}
          >
            Next
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        action={pending ? 'Remove' : null}
        page="member"
        isBusy={removal.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void onConfirm(pending)}
      />
    </Paper>
  );
}
