import { jobSchema } from '@roam/contract/entities';
import { jobs } from '../../db/schema';
import type { ResourceDeclaration } from '../core/resource';
import { iso } from '../core/row-mappers';

export const jobResource: ResourceDeclaration = {
  area: 'jobs',
  table: jobs,
  search: [jobs.position, jobs.company, jobs.country],
  city: jobs.cityId,
  owner: jobs.userId,
  select: { job: jobs },
  rowSchema: jobSchema,
  toApi: ({ job }) => {
    const row = job as typeof jobs.$inferSelect;
    return {
      _id: row.id,
      userId: row.userId,
      company: row.company,
      position: row.position,
      logo: row.logo,
      status: row.status,
      job_type: row.jobType,
      country: row.country,
      cityID: row.cityId,
      salary: row.salary,
      salary_type: row.salaryType,
      description: row.description,
      qualification: row.qualification,
      question1: row.question1,
      question2: row.question2,
      question3: row.question3,
      question4: row.question4,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  },
};
