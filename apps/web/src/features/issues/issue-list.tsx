import type { issueSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { StatusBadge } from '../../components/status-badge';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatDate, formatDateTime } from '../../lib/format-date';

type Issue = z.infer<typeof issueSchema>;

const reportedBy = (issue: Issue) =>
  issue.user ? `${issue.user.fullname} ${issue.user.lastname}`.trim() : '';

const reportedUserName = (issue: Issue) =>
  issue.reported_user ? `${issue.reported_user.fullname} ${issue.reported_user.lastname}`.trim() : '';

/** Reported Issue (SPEC §2): a table whose subject opens the issue's details. */
export default defineList<Issue>({
  area: 'issues',
  rowName: (issue) => issue.subject,
  columns: [
    { accessor: 'subject', title: 'Subject' },
    { accessor: 'issue_type', title: 'Issue type' },
    {
      accessor: 'user',
      title: 'Reported by',
      render: (issue) => reportedBy(issue) || MESSAGES.notAvailableShort,
    },
    {
      accessor: 'reported_user',
      title: 'Reported user',
      render: (issue) => reportedUserName(issue) || MESSAGES.notAvailableShort,
      priority: 3,
    },
    {
      accessor: 'createdAt',
      title: 'Created at',
      render: (issue) => formatDate(issue.createdAt),
      priority: 2,
    },
  ],
  getStatus: (issue) => issue.status,
  details: {
    title: (issue) => issue.subject,
    image: (issue) => issue.image_url[0],
    fields: (issue) => [
      { label: 'Issue type', value: issue.issue_type },
      { label: 'Description', value: issue.description },
      { label: 'Reported by', value: reportedBy(issue) },
      {
        label: 'Reported user',
        value: issue.reported_user ? `${reportedUserName(issue)} (@${issue.reported_user.username})` : '',
      },
      { label: 'Created at', value: formatDateTime(issue.createdAt) },
      { label: 'Status', value: <StatusBadge status={issue.status} /> },
    ],
  },
  actions: recordActions<Issue>('issues'),
});
