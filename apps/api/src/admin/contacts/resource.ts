import { contactRequestSchema } from '@roam/contract/entities';
import { eq } from 'drizzle-orm';
import { contactRequests, users } from '../../db/schema';
import type { ResourceDeclaration } from '../core/resource';
import { iso, optional, text } from '../core/row-mappers';

/** Contact requests: listed at /contact/requests, toggled and deleted at /contactus/toggle (SPEC §7). */
export const contactResource: ResourceDeclaration = {
  area: 'contacts',
  togglePath: '/contactus',
  table: contactRequests,
  search: [contactRequests.subject, contactRequests.description],
  owner: contactRequests.userId,
  toggleParam: 'status',
  hasDeleteRoute: false,
  select: {
    request: contactRequests,
    fullname: users.fullname,
    lastname: users.lastname,
    email: users.email,
    profileUrl: users.profileUrl,
  },
  joins: [{ table: users, on: eq(users.id, contactRequests.userId) }],
  rowSchema: contactRequestSchema,
  toApi: (row) => {
    const request = row.request as typeof contactRequests.$inferSelect;
    return {
      _id: request.id,
      description: request.description,
      subject: request.subject,
      status: request.status,
      createdAt: iso(request.createdAt),
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
};
