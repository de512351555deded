import { Stack } from '@mantine/core';
import { AREAS } from '@roam/contract/areas';
import type { ListSearch } from '@roam/contract/lists';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type Crumb, PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RecordActions } from '../../core/actions/record-actions';
import { BackToList, type ItemList, itemLoadFailure } from '../../core/details/load-failure';
import { canMe, meQueryOptions } from '../../lib/me';
import { groupDetailQueryOptions, type MemberFilters } from './api/get-group-detail';
import { GroupSummary } from './components/group-summary';
import { MemberList } from './components/member-list';
import { groupActions } from './group-list';

const TITLE = 'Group Detail';
const GROUPS: ItemList = {
  noun: 'group',
  path: '/group',
  label: 'groups',
  icon: <IconUsersGroup aria-hidden />,
};
const CRUMBS: Crumb[] = [{ label: AREAS.groups.labels.title, to: GROUPS.path }];

export type GroupDetailProps = {
  statusId: string;
  /** The member list's filters and page, from the URL (checked like a list's). */
  search: ListSearch;
};

/**
 * Group detail (/groupdetail/{status_id}, SPEC §2): the group's picture, status text, status and
 * description, the group list's actions (Inactivate, Activate, Delete), and its members with dates, search, paging and Remove Member (write on groups).
 */
export default function GroupDetail({ statusId, search }: GroupDetailProps) {
  const filters: MemberFilters = { q: search.q, from: search.from, to: search.to, page: search.page };
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
      search: (previous) => ({ ...previous, ...patch }),
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
        <PageHeader title={TITLE} crumbs={CRUMBS} leading={<BackToList list={GROUPS} />} />
        {failure}
      </>
    );
  }
  if (!groupQuery.data) return <PageLoader />;

  const { groupinfo, members, searchcount } = groupQuery.data;
  const name = groupinfo.statusText || TITLE;
  return (
    <>
      <PageHeader
        title={name}
        crumbs={CRUMBS}
        leading={<BackToList list={GROUPS} />}
        actions={
          <RecordActions
            area="groups"
            row={groupinfo}
            name={name}
            actions={groupActions}
            listPath={GROUPS.path}
          />
        }
      />
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
