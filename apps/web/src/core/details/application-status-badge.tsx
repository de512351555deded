import type { applicationStatusSchema } from '@roam/contract/entities';
import type { z } from 'zod';
import { ToneBadge } from '../../components/status-badge';

type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** An application's status (rentals and jobs) in a colour that reads its outcome. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <ToneBadge color={APPLICATION_STATUS_COLORS[status]}>{status}</ToneBadge>;
}
