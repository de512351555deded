import type { contactRequestSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { StatusBadge } from '../../components/status-badge';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate, formatDateTime } from '../../lib/format-date';

type ContactRequest = z.infer<typeof contactRequestSchema>;

const senderName = (request: ContactRequest) =>
  request.user ? `${request.user.fullname} ${request.user.lastname}`.trim() : '';

/** Contact Us (SPEC §2): a table whose subject opens the request's details. */
export default defineList<ContactRequest>({
  area: 'contacts',
  rowName: (request) => request.subject,
  columns: [
    { accessor: 'subject', title: 'Subject' },
    {
      accessor: 'name',
      title: 'Name',
      render: (request) => senderName(request) || MESSAGES.notAvailableShort,
    },
    {
      accessor: 'email',
      title: 'Email',
      render: (request) => request.user?.email || MESSAGES.notAvailableShort,
      priority: 3,
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (request) => formatDate(request.createdAt),
      priority: 2,
    },
  ],
  getStatus: (request) => request.status,
  details: {
    title: (request) => request.subject,
    fields: (request) => [
      { label: 'Name', value: senderName(request) },
      { label: 'Email', value: request.user?.email },
      { label: 'Subject', value: request.subject },
      { label: 'Description', value: request.description },
      { label: 'Created at', value: formatDateTime(request.createdAt) },
      { label: 'Status', value: <StatusBadge status={request.status} /> },
    ],
  },
  actions: recordActions<ContactRequest>('contacts'),
});
