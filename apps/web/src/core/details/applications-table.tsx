import type { applicationStatusSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { PageLoader } from '../../components/page-loader';
import { formatDateTime } from '../../lib/format-date';
import { ApplicationStatusBadge } from './application-status-badge';
import { LoadFailure } from './load-failure';
import { PagedTable, type PagedTableColumn } from './paged-table';

type Application = {
  _id: string;
  createdAt: string;
  application_status: z.infer<typeof applicationStatusSchema>;
};

/**
 * An item's Applications tab (rentals, jobs): the area's own columns, then Created at and Status,
 * paged 20 on the page; 'No applications available' when there are none.
 */
export function ApplicationsTable<Row extends Application>({
  query,
  columns,
}: {
  query: UseQueryResult<{ applications: Row[] }>;
  columns: readonly PagedTableColumn<Row>[];
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailure error={query.error} />;
  return (
    <PagedTable
      label="Applications"
      rows={query.data.applications}
      empty={MESSAGES.noApplications}
      columns={[
        ...columns,
        {
          accessor: 'createdAt',
          title: 'Created at',
          render: (application) => formatDateTime(application.createdAt),
        },
        {
          accessor: 'application_status',
          title: 'Status',
          isStatus: true,
          render: (application) => <ApplicationStatusBadge status={application.application_status} />,
        },
      ]}
    />
  );
}
