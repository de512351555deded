import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Button, Checkbox, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { AREAS, areaOfModule, callPath } from '@roam/contract/areas';
import type { AdminMe, User } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import {
  cascadePermission,
  emptyPermissions,
  fullPermissions,
  grantRefusal,
  PERMISSION_ACTIONS,
  PERMISSION_MODULES,
  type PermissionAction,
  type PermissionModule,
  type Permissions,
  type RoleType,
} from '@roam/contract/permissions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { actionFailureMessage } from '../../../lib/action-failure';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { meQueryOptions } from '../../../lib/me';
import { notify } from '../../../lib/notify';

/** Each permission module as the navigation names its area (SPEC §2). */
const moduleLabel = (module: PermissionModule) => AREAS[areaOfModule(module)].labels.nav;

const ACTION_LABELS: Record<PermissionAction, string> = { read: 'Read', write: 'Write', delete: 'Delete' };

/** What the signed-in admin may hand on: an admin everything, a sub-admin its own flags. */
function grantablePermissions(me: AdminMe | undefined): Permissions {
  if (!me) return emptyPermissions();
  return me.role_type === 'admin' ? fullPermissions() : me.permissions;
}

/**
 * Whether ticking this box stays within the granter's own permissions. Ticking cascades (write
 * sets read, delete sets read and write), so every flag the tick would set must be grantable.
 */
function isGrantable(grantable: Permissions, module: PermissionModule, action: PermissionAction): boolean {
  const ticked = cascadePermission({ read: 0, write: 0, delete: 0 }, action, true);
  return PERMISSION_ACTIONS.every((flag) => ticked[flag] <= grantable[module][flag]);
}

type MakeAdminModalProps = {
  user: User;
  onClose: () => void;
  /** After the role was granted: closes the popup and reloads the list. */
  onDone: () => void;
};

/**
 * The 'Make admin' popup (SPEC §2, §4): role type admin or sub-admin, and for a sub-admin the
 * permission table with the form's cascade. Nobody grants what they lack (DESIGN §7): only an
 * admin may make an admin, and a sub-admin may tick only what its own permissions allow.
 */
export function MakeAdminModal({ user, onClose, onDone }: MakeAdminModalProps) {
  const { data: me } = useQuery(meQueryOptions());
  const grantable = grantablePermissions(me);
  const canMakeAdmin = me?.role_type === 'admin';
  const [roleType, setRoleType] = useState<RoleType>('sub-admin');
  const [permissions, setPermissions] = useState<Permissions>(emptyPermissions);

  const mutation = useMutation({
    mutationFn: (granted: { roleType: RoleType; permissions: Permissions }) =>
      apiRequest(callPath(AREAS.users.calls.addRole), {
        method: AREAS.users.calls.addRole.method,
        query: { uid: user._id, role_type: granted.roleType },
        json: { permissions: granted.permissions },
        accessType: AREAS.users.module,
      }),
  });

  const toggle = (module: PermissionModule, action: PermissionAction, checked: boolean) =>
    setPermissions((current) => ({
      ...current,
      [module]: cascadePermission(current[module], action, checked),
    }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const granted = roleType === 'admin' ? fullPermissions() : permissions;
    if (!me || grantRefusal({ role: me.role_type, permissions: me.permissions }, roleType, granted)) return;
    try {
      await mutation.mutateAsync({ roleType, permissions: granted });
      notify('success', MESSAGES.userAddedAsAdmin);
      onDone();
    } catch (error) {
      // A 403 has already shown the Unauthorized Access popup.
      if (isApiError(error) && error.isHandled) onClose();
      else notify('error', actionFailureMessage(error));
    }
  };

  const name = `${user.fullname} ${user.lastname}`.trim() || user.username;

  return (
    <Modal opened onClose={onClose} title="Make admin" size="lg" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Grant admin rights to <strong>{name}</strong> (@{user.username}).
          </Text>
          <Radio.Group<RoleType> label="Role type" value={roleType} onChange={setRoleType}>
            <Group gap="lg" mt={6}>
              <Radio value="admin" label="Admin" disabled={!canMakeAdmin} />
              <Radio value="sub-admin" label="Sub-admin" />
            </Group>
          </Radio.Group>
          {roleType === 'sub-admin' ? (
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing={6} striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Module</Table.Th>
                    {PERMISSION_ACTIONS.map((action) => (
                      <Table.Th key={action} ta="center">
                        {ACTION_LABELS[action]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {PERMISSION_MODULES.map((module) => (
                    <Table.Tr key={module}>
                      <Table.Td>{moduleLabel(module)}</Table.Td>
                      {PERMISSION_ACTIONS.map((action) => (
                        <Table.Td key={action}>
                          <Checkbox
                            aria-label={`${moduleLabel(module)} ${action}`}
                            checked={permissions[module][action] === 1}
                            disabled={!isGrantable(grantable, module, action)}
                            onChange={(event) => toggle(module, action, event.currentTarget.checked)}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              An admin has every permission.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Make admin
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
