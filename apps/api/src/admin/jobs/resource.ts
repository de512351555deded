import { countryByName } from '@roam/contract/places';
import { eq } from 'drizzle-orm';
import { cities, jobApplications, jobs } from '../../db/schema';
import { defineApplications } from '../core/applications';
import { statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';

export const jobResource = defineResource({
  area: 'jobs',
  columns: [
    { header: 'Position', value: (job) => job.position, width: 1.4 },
    { header: 'Company', value: (job) => job.company },
    { header: 'Job Type', value: (job) => job.job_type, width: 0.8 },
    {
      header: 'Salary',
      value: (job) => [job.currency, job.salary, job.salary_type].filter(Boolean).join(' '),
    },
    { header: 'Country', value: (job) => job.country },
    ...statusAndCreated(),
  ],
  table: jobs,
  sortColumns: { position: jobs.position },
  search: jobs.searchText,
  city: jobs.cityId,
  owner: jobs.userId,
  select: { job: jobs, cityCurrency: cities.currency },
  joins: [{ table: cities, on: eq(cities.id, jobs.cityId) }],
  toApi: ({ job, cityCurrency }) => {
    const row = job;
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
      currency: cityCurrency || countryByName(row.country)?.currency || '',
      description: row.description,
      qualification: row.qualification,
      question1: row.question1,
      question2: row.question2,
      question3: row.question3,
      question4: row.question4,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
});

/** Applications to a job (SPEC §7: GET /admin/jobApplicants/{id}). */
export const jobApplicationList = defineApplications('jobs', {
  table: jobApplications,
  item: jobApplications.jobId,
  select: {
    id: jobApplications.id,
    resume: jobApplications.resume,
    answer1: jobApplications.answer1,
    answer2: jobApplications.answer2,
    answer3: jobApplications.answer3,
    answer4: jobApplications.answer4,
    status: jobApplications.status,
    createdAt: jobApplications.createdAt,
  },
  toApi: (row) => ({
    _id: row.id,
    resume: row.resume,
    answer1: row.answer1,
    answer2: row.answer2,
    answer3: row.answer3,
    answer4: row.answer4,
    createdAt: row.createdAt,
    application_status: row.status,
  }),
});
