import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { reports, users } from '../../db/schema';
import { exportName, statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { list, text } from '../core/row-mappers';

const reporter = alias(users, 'reporter');
const reported = alias(users, 'reported');

/** Reported issues: toggled and deleted through `?status=` (SPEC §7). */
export const issueResource = defineResource({
  area: 'issues',
  columns: [
    { header: 'Subject', value: (issue) => issue.subject, width: 1.4 },
    { header: 'Issue type', value: (issue) => issue.issue_type },
    { header: 'Description', value: (issue) => issue.description, width: 2 },
    { header: 'Reported by', value: (issue) => exportName(issue.user) },
    { header: 'Reported user', value: (issue) => exportName(issue.reported_user) },
    ...statusAndCreated(),
  ],
  table: reports,
  sortColumns: { subject: reports.subject },
  search: reports.searchText,
  owner: reports.userId,
  select: {
    report: reports,
    reporterFullname: reporter.fullname,
    reporterLastname: reporter.lastname,
    reportedFullname: reported.fullname,
    reportedLastname: reported.lastname,
    reportedUsername: reported.username,
  },
  joins: [
    { table: reporter, on: eq(reporter.id, reports.userId) },
    { table: reported, on: eq(reported.id, reports.reportedUserId) },
  ],
  toApi: (row) => {
    const report = row.report;
    return {
      _id: report.id,
      description: report.description,
      image_url: list(report.imageUrls),
      status: report.status,
      issue_type: report.issueType,
      subject: report.subject,
      user: report.userId
        ? { fullname: text(row.reporterFullname), lastname: text(row.reporterLastname) }
        : null,
      reported_user: report.reportedUserId
        ? {
            fullname: text(row.reportedFullname),
            lastname: text(row.reportedLastname),
            username: text(row.reportedUsername),
          }
        : null,
      createdAt: report.createdAt,
    };
  },
});
