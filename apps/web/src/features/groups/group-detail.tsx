import { Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { BackToList, type ItemList, itemLoadFailure } from '../../core/details/load-failure';
import { validateListSearch } from '../../core/lists/list-search';
import { canMe, meQueryOptions } from '../../lib/me';
import { groupDetailQueryOptions, type MemberFilters } from './api/get-group-detail';
import { GroupSummary } from './components/group-summary';
import { MemberList } from './components/member-list';

const TITLE = 'Group Detail';
const GROUPS: ItemList = {
  noun: 'group',
  path: '/group',
  label: 'groups',
  icon: <IconUsersGroup aria-hidden />,
};

/** The member list's filters and page from the URL, checked like a list's (a bad value is dropped). */
function readFilters(search: Record<string, unknown>): MemberFilters {
  const { q, from, to, page } = validateListSearch(search);
  return { q, from, to, page };
}

/**
 * Group detail (/groupdetail/{status_id}, SPEC §2): the group's picture, status text, status and
 * description, and its members with dates, search, paging and Remove Member (write on groups).
 */
export default function GroupDetail() {
  const { statusId = '' } = useParams({ strict: false }) as { statusId?: string };
  const filters = readFilters(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const meQuery = useQuery(meQueryOptions());
  const canRead = canMe(meQuery.data, 'groupManagement', 'read');
  const canWrite = canMe(meQuery.data, 'groupManagement', 'write');
  const groupQuery = useQuery({
    ...groupDetailQueryOptions(statusId, filters),
    enabled: canRead && statusId !== '',
  });

  const onChange = (patch: MemberFilters) => {
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never,
    });
  };

  if (meQuery.isPending) return <PageLoader />;
  const failure = itemLoadFailure({
    isAllowed: canRead,
    hasId: statusId !== '',
    error: groupQuery.error,
    onRetry: () => void groupQuery.refetch(),
    list: GROUPS,
  });
  if (failure) {
    return (
      <>
        <PageHeader title={TITLE} leading={<BackToList list={GROUPS} />} />
        {failure}
      </>
    );
  }
  if (!groupQuery.data) return <PageLoader />;

  const { groupinfo, members, searchcount } = groupQuery.data;
  return (
    <>
      <PageHeader title={groupinfo.statusText || TITLE} leading={<BackToList list={GROUPS} />} />
      <Stack gap="lg">
        <GroupSummary group={groupinfo} />
        <MemberList
          statusID={groupinfo.statusID}
          members={members}
          searchcount={searchcount}
          filters={filters}
          onChange={onChange}
          canRemove={canWrite}
          isFetching={groupQuery.isFetching}
        />
      </Stack>
    </>
  );
}
