import type { jobSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { z } from 'zod';
import { RowLink } from '../../core/lists/components/row-link';
import { defineList, recordActions } from '../../core/lists/list-declaration';

type Job = z.infer<typeof jobSchema>;

const salaryFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A salary with its period: '1,200 per month'. */
function formatSalary(job: Job): string {
  if (!Number.isFinite(job.salary)) return MESSAGES.notAvailableShort;
  return [salaryFormat.format(job.salary), job.salary_type].filter(Boolean).join(' ');
}

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
  actions: recordActions<Job>('jobs'),
  filters: { city: true },
});
