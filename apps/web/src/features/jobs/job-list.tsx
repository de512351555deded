import type { jobSchema } from '@roam/contract/entities';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';
import { formatSalary } from '../../lib/format-money';

type Job = z.infer<typeof jobSchema>;

/** The row menu's actions, offered on the job's detail page too. */
export const jobActions = recordActions<Job>('jobs');

/** Jobs Management (SPEC §2): position to the job's detail, company, type, salary, country; a city filter; per-user list. */
export default defineList<Job>({
  area: 'jobs',
  rowName: (job) => `${job.position} at ${job.company}`,
  columns: [
    {
      accessor: 'position',
      title: 'Position',
      render: (job) => (
        <RowLink to="/jobs/$id" params={{ id: job._id }}>
          {job.position}
        </RowLink>
      ),
    },
    { accessor: 'company', title: 'Company', priority: 2 },
    { accessor: 'job_type', title: 'Job Type', priority: 3 },
    { accessor: 'salary', title: 'Salary', render: formatSalary, priority: 3 },
    { accessor: 'country', title: 'Country', priority: 4 },
  ],
  getStatus: (job) => job.status,
  actions: jobActions,
  filters: { city: true },
});
