import { Button, Group, Stack } from '@mantine/core';
import { AREAS } from '@roam/contract/areas';
import { IconPencil, IconUserQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type Crumb, PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { RecordActions } from '../../core/actions/record-actions';
import { BackToList, type ItemList, itemLoadFailure } from '../../core/details/load-failure';
import { canMe, meQueryOptions } from '../../lib/me';
import { userProfileQueryOptions } from './api/get-user-profile';
import { ProfilePreviews } from './components/profile-previews';
import { ProfileSummary } from './components/profile-summary';
import { isNotOwnAccount, userActions } from './user-list';

// The edit form (and the form machinery) is loaded when Edit is pressed.
const EditUserModal = lazy(() =>
  import('./components/edit-user-modal').then((module) => ({ default: module.EditUserModal })),
);

const TITLE = 'User Profile';
const USERS: ItemList = {
  noun: 'user',
  path: '/user',
  label: 'users',
  icon: <IconUserQuestion aria-hidden />,
};
const CRUMBS: Crumb[] = [{ label: AREAS.users.labels.title, to: USERS.path }];
/** SPEC §2 names the profile's status buttons; the confirmation asks as the row menu's does. */
const SPEC_LABELS = { inactivate: 'Inactivate User', activate: 'Activate User' };

/**
 * User profile (/userdetail/{id}, SPEC §2): the user, their counts, Edit and the user list's
 * actions (Inactivate User or Activate User, Delete, the admin role's; not on one's own account)
 * with the same permissions (DESIGN §5.5), and previews of their cafes, groups, rentals, jobs and shops.
 */
export default function UserProfile({ id }: { id: string }) {
  const [isEditing, setEditing] = useState(false);
  const meQuery = useQuery(meQueryOptions());
  const canRead = canMe(meQuery.data, 'userManagement', 'read');
  const canWrite = canMe(meQuery.data, 'userManagement', 'write');
  const canDelete = canMe(meQuery.data, 'userManagement', 'delete');
  const profileQuery = useQuery({ ...userProfileQueryOptions(id), enabled: canRead && id !== '' });
  const header = (actions?: ReactNode, title = TITLE) => (
    <PageHeader title={title} crumbs={CRUMBS} leading={<BackToList list={USERS} />} actions={actions} />
  );

  if (meQuery.isPending) return <PageLoader />;
  const failure = itemLoadFailure({
    isAllowed: canRead,
    hasId: id !== '',
    error: profileQuery.error,
    onRetry: () => void profileQuery.refetch(),
    list: USERS,
  });
  if (failure) {
    return (
      <>
        {header()}
        {failure}
      </>
    );
  }
  if (!profileQuery.data) return <PageLoader />;

  const data = profileQuery.data;
  // The page names the person (issue: 'User Profile' said nothing of whose).
  const name =
    [data.profile.fullname, data.profile.lastname].filter(Boolean).join(' ') || data.profile.username;
  return (
    <>
      {header(
        canWrite || canDelete ? (
          <Group gap="xs">
            {canWrite ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            ) : null}
            <RecordActions
              area="users"
              row={data.profile}
              name={name}
              actions={userActions}
              isActionable={isNotOwnAccount}
              labels={SPEC_LABELS}
              listPath={USERS.path}
            />
          </Group>
        ) : null,
        name,
      )}
      {isEditing ? (
        <Suspense fallback={null}>
          <EditUserModal user={data.profile} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      <Stack gap="lg">
        <ProfileSummary data={data} />
        <ProfilePreviews data={data} />
      </Stack>
    </>
  );
}
