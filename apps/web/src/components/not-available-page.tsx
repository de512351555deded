import { Alert } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconLock, IconTools } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import { canMe, meQueryOptions } from '../lib/me';
import { PageHeader } from './page-header';
import { PageLoader } from './page-loader';

/**
 * The one page every not-yet-built route renders. It is described by its route's static data
 * (title, permission module; see src/app/areas.ts), so the areas declare and nothing is copied.
 */
export function NotAvailablePage() {
  const staticData = useMatch({ strict: false, select: (match) => match.staticData });
  const meQuery = useQuery(meQueryOptions());
  const title = staticData.title ?? '';
  const { module } = staticData;

  if (module && meQuery.isPending) return <PageLoader />;
  const isAllowed = !module || canMe(meQuery.data, module, 'read');

  return (
    <>
      <PageHeader title={title} />
      {isAllowed ? (
        <Alert color="blue" variant="light" icon={<IconTools aria-hidden />} title={title}>
          {MESSAGES.notAvailableYet}
        </Alert>
      ) : (
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
          {MESSAGES.noAccess}
        </Alert>
      )}
    </>
  );
}
