import { AREAS, callPath } from '@roam/contract/areas';
import type { User } from '@roam/contract/entities';
import { messageBodySchema } from '@roam/contract/errors';
import { userUpdateFieldsSchema } from '@roam/contract/forms';
import { type FormField, FormModal } from '../../../core/forms/form-modal';
import { apiRequest } from '../../../lib/api-client';

const FIELDS: readonly FormField[] = [
  { kind: 'text', name: 'fullname', label: 'First name' },
  { kind: 'text', name: 'lastname', label: 'Last name' },
  { kind: 'text', name: 'username', label: 'Username' },
  { kind: 'text', name: 'homeLocation', label: 'Home location' },
];

/** Edit a user's names and home location (PUT /admin/users/update?uid, DESIGN §8). */
export function EditUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const call = AREAS.users.calls.update;
  return (
    <FormModal
      area="users"
      title="Edit User"
      submitLabel="Save"
      schema={userUpdateFieldsSchema}
      defaultValues={{
        fullname: user.fullname,
        lastname: user.lastname,
        username: user.username,
        homeLocation: user.homeLocation ?? '',
      }}
      fields={FIELDS}
      submit={(values) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(values)) body.set(name, value);
        return apiRequest(callPath(call), {
          method: call.method,
          query: { uid: user._id },
          formData: body,
          accessType: AREAS.users.module,
          schema: messageBodySchema,
        });
      }}
      onClose={onClose}
    />
  );
}
