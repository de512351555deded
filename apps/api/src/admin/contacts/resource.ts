import { eq } from 'drizzle-orm';
import { contactRequests, users } from '../../db/schema';
import { exportName, statusAndCreated } from '../core/export';
import { defineResource } from '../core/resource';
import { optional, text } from '../core/row-mappers';

/** Contact requests: listed at /contact/requests, toggled and deleted at /contactus/toggle (SPEC §7). */
export const contactResource = defineResource({
  area: 'contacts',
  columns: [
    { header: 'Subject', value: (request) => request.subject, width: 1.4 },
    { header: 'Description', value: (request) => request.description, width: 2 },
    { header: 'Name', value: (request) => exportName(request.user) },
    { header: 'Email', value: (request) => request.user?.email, width: 1.4 },
    ...statusAndCreated(),
  ],
  table: contactRequests,
  sortColumns: { subject: contactRequests.subject },
  search: contactRequests.searchText,
  owner: contactRequests.userId,
  select: {
    request: contactRequests,
    fullname: users.fullname,
    lastname: users.lastname,
    email: users.email,
    profileUrl: users.profileUrl,
  },
  joins: [{ table: users, on: eq(users.id, contactRequests.userId) }],
  toApi: (row) => {
    const request = row.request;
    return {
      _id: request.id,
      description: request.description,
      subject: request.subject,
      status: request.status,
      createdAt: request.createdAt,
      user: request.userId
        ? {
            fullname: text(row.fullname),
            lastname: text(row.lastname),
            email: text(row.email),
            profileURL: optional(row.profileUrl),
          }
        : null,
    };
  },
});
