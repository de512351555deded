import { Stack } from '@mantine/core';
import { PROFILE_PREVIEW_SIZE, type ProfileData } from '@roam/contract/details';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';
import { StatusBadge } from '../../../components/status-badge';
import { RowLink } from '../../../core/lists/components/row-link';
import { formatDateTime } from '../../../lib/format-date';
import { formatSalary } from '../../../lib/format-money';
import { type PreviewColumn, PreviewTable } from './preview-table';

type Group = ProfileData['groups'][number];

const statusColumn = <Row extends { status: RecordStatus }>(): PreviewColumn<Row> => ({
  title: 'Status',
  isStatus: true,
  render: (row) => <StatusBadge status={row.status} />,
});

/** SPEC §4: a group is Active or Inactive by its booleans (Deleted once deleted). */
function GroupStatus({ group }: { group: Group }) {
  const status: RecordStatus = group.deleted ? 'DELETED' : group.active ? 'ACTIVE' : 'INACTIVE';
  const label = group.deleted ? 'Deleted' : group.active ? 'Active' : 'Inactive';
  return <StatusBadge status={status} label={label} color={STATUS_COLORS[status]} />;
}

const CAFE_COLUMNS: readonly PreviewColumn<ProfileData['cafes'][number]>[] = [
  {
    title: 'Name',
    render: (cafe) => (
      <RowLink to="/cafedetail/$id" params={{ id: cafe._id }}>
        {cafe.name}
      </RowLink>
    ),
  },
  { title: 'City', render: (cafe) => cafe.cityData?.name },
  { title: 'Timings', render: (cafe) => cafe.timings },
  { title: 'Contact', render: (cafe) => cafe.contact },
  statusColumn(),
];

/** The groups' creator is the profile's user: the groups listed are the ones they own. */
const groupColumns = (owner: string): readonly PreviewColumn<Group>[] => [
  {
    title: 'Status text',
    render: (group) => (
      <RowLink to="/groupdetail/$statusId" params={{ statusId: group.statusID }}>
        {group.statusText}
      </RowLink>
    ),
  },
  { title: 'Country', render: (group) => group.country },
  { title: 'Created by', render: () => owner },
  { title: 'Members', render: (group) => group.membersCount },
  // SPEC §9: the rating's first 4 characters.
  { title: 'Rating', render: (group) => String(group.rating).slice(0, 4) },
  { title: 'Status', isStatus: true, render: (group) => <GroupStatus group={group} /> },
];

const RENTAL_COLUMNS: readonly PreviewColumn<ProfileData['rentals'][number]>[] = [
  {
    title: 'Name',
    render: (rental) => (
      <RowLink to="/rentaldetail/$id" params={{ id: rental._id }}>
        {rental.name}
      </RowLink>
    ),
  },
  { title: 'Property type', render: (rental) => rental.propertytype },
  { title: 'Check-in', render: (rental) => rental.checkin },
  { title: 'Check-out', render: (rental) => rental.checkout },
  { title: 'State', render: (rental) => rental.state },
  { title: 'Country', render: (rental) => rental.country },
  statusColumn(),
];

const JOB_COLUMNS: readonly PreviewColumn<ProfileData['jobs'][number]>[] = [
  {
    title: 'Position',
    render: (job) => (
      <RowLink to="/jobs/$id" params={{ id: job._id }}>
        {job.position}
      </RowLink>
    ),
  },
  { title: 'Company', render: (job) => job.company },
  { title: 'Job type', render: (job) => job.job_type },
  { title: 'Salary', render: formatSalary },
  { title: 'Country', render: (job) => job.country },
  statusColumn(),
];

const SHOP_COLUMNS: readonly PreviewColumn<ProfileData['shops'][number]>[] = [
  {
    title: 'Name',
    render: (shop) => (
      <RowLink to="/shopdetail/$id" params={{ id: shop._id }}>
        {shop.name}
      </RowLink>
    ),
  },
  { title: 'Created at', render: (shop) => formatDateTime(shop.createdAt) },
  { title: 'Updated at', render: (shop) => formatDateTime(shop.updatedAt) },
  statusColumn(),
];

/** The five previews of a user's profile (SPEC §2), each with View All to the per-user list. */
export function ProfilePreviews({ data }: { data: ProfileData }) {
  const { userID, username } = data.profile;
  const common = { viewAllAt: PROFILE_PREVIEW_SIZE, userId: userID };
  return (
    <Stack gap="lg">
      <PreviewTable
        {...common}
        title="Cafe"
        rows={data.cafes}
        columns={CAFE_COLUMNS}
        total={data.cafescount}
        viewAllTo="/user-cafe/$userId"
      />
      <PreviewTable
        {...common}
        title="Groups"
        rows={data.groups}
        columns={groupColumns(username)}
        total={data.groupscount}
        viewAllTo="/user-groups/$userId"
      />
      <PreviewTable
        {...common}
        title="Rentals"
        rows={data.rentals}
        columns={RENTAL_COLUMNS}
        total={data.rentalscount}
        viewAllTo="/user-rentals/$userId"
      />
      <PreviewTable
        {...common}
        title="Jobs"
        rows={data.jobs}
        columns={JOB_COLUMNS}
        total={data.jobscount}
        viewAllTo="/user-jobs/$userId"
      />
      <PreviewTable
        {...common}
        title="Shops"
        rows={data.shops}
        columns={SHOP_COLUMNS}
        total={data.shopscount}
        viewAllTo="/user-shops/$userId"
      />
    </Stack>
  );
}
