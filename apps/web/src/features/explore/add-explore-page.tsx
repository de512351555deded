import { Alert } from '@mantine/core';
import { AREAS } from '@roam/contract/areas';
import { MESSAGES } from '@roam/contract/messages';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { canMe, meQueryOptions } from '../../lib/me';
import ExploreForm from './explore-form';

/**
 * /addexplore (SPEC §2): the Add Things ToDo form as a page, for an admin with write permission on
 * things to do; done or cancelled, back to the list.
 */
export default function AddExplorePage() {
  const navigate = useNavigate();
  const meQuery = useQuery(meQueryOptions());
  if (meQuery.isPending) return <PageLoader />;
  const canWrite = canMe(meQuery.data, AREAS.explore.module, 'write');
  return (
    <>
      <PageHeader title="Add Things ToDo" />
      {canWrite ? (
        <ExploreForm asPage onClose={() => void navigate({ to: '/explore' })} />
      ) : (
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
          {MESSAGES.noAccess}
        </Alert>
      )}
    </>
  );
}
