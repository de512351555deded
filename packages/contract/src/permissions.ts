import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Permission modules (SPEC §3). Each management area is guarded by exactly one. */
export const PERMISSION_MODULES = [
  'userManagement',
  'cityManagement',
  'exploreManagement',
  'cafeManagement',
  'shopManagement',
  'rentalManagement',
  'reportManagement',
  'promoManagement',
  'contactusManagement',
  'jobManagement',
  'groupManagement',
] as const;
export const permissionModuleSchema = lazySchema(() => z.enum(PERMISSION_MODULES));
export type PermissionModule = z.infer<typeof permissionModuleSchema>;

export const PERMISSION_ACTIONS = ['read', 'write', 'delete'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** A flag as the spec writes it: 1 or 0. */
const flagSchema = lazySchema(() => z.union([z.literal(0), z.literal(1)]));
export const modulePermissionSchema = lazySchema(() =>
  z.object({ read: flagSchema, write: flagSchema, delete: flagSchema }),
);
export type ModulePermission = z.infer<typeof modulePermissionSchema>;

const byModule = <T extends z.ZodTypeAny>(schema: T) =>
  z.object(
    Object.fromEntries(PERMISSION_MODULES.map((module) => [module, schema])) as Record<PermissionModule, T>,
  );

/** The permission object as the API returns it. */
export const permissionsSchema = lazySchema(() => byModule(modulePermissionSchema));
export type Permissions = Record<PermissionModule, ModulePermission>;

/** The permission object as a request may send it: 1/0 or booleans, any module left out is all 0. */
const inputFlagSchema = lazySchema(() =>
  z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v): 0 | 1 => (v ? 1 : 0)),
);
export const permissionsInputSchema = lazySchema(() =>
  byModule(
    z
      .object({
        read: inputFlagSchema.default(0),
        write: inputFlagSchema.default(0),
        delete: inputFlagSchema.default(0),
      })
      .default({ read: 0, write: 0, delete: 0 }),
  ),
);

export const ROLE_TYPES = ['admin', 'sub-admin'] as const;
export const roleTypeSchema = lazySchema(() => z.enum(ROLE_TYPES));
export type RoleType = z.infer<typeof roleTypeSchema>;

/** A user's role: an ordinary member of the product, or one of the two admin roles. */
export const USER_ROLES = ['user', ...ROLE_TYPES] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function isAdminRole(role: string): role is RoleType {
  return (ROLE_TYPES as readonly string[]).includes(role);
}

export function emptyPermissions(): Permissions {
  return Object.fromEntries(
    PERMISSION_MODULES.map((module) => [module, { read: 0, write: 0, delete: 0 }]),
  ) as Permissions;
}

export function fullPermissions(): Permissions {
  return Object.fromEntries(
    PERMISSION_MODULES.map((module) => [module, { read: 1, write: 1, delete: 1 }]),
  ) as Permissions;
}

/** The one question both sides ask: may this role with these flags do this? Deny by default. */
export function can(
  who: { role: string; permissions: Permissions | null | undefined },
  module: PermissionModule,
  action: PermissionAction,
): boolean {
  if (who.role === 'admin') return true;
  if (who.role !== 'sub-admin' || !who.permissions) return false;
  return who.permissions[module]?.[action] === 1;
}

/**
 * The make-admin form's cascade (SPEC §4): ticking read clears write and delete (unticking read
 * clears everything), ticking write sets read, ticking delete sets read and write.
 */
export function cascadePermission(
  current: ModulePermission,
  action: PermissionAction,
  checked: boolean,
): ModulePermission {
  if (action === 'read') return checked ? { read: 1, write: 0, delete: 0 } : { read: 0, write: 0, delete: 0 };
  if (action === 'write') {
    return checked
      ? { read: 1, write: 1, delete: current.delete }
      : { read: current.read, write: 0, delete: 0 };
  }
  return checked ? { read: 1, write: 1, delete: 1 } : { ...current, delete: 0 };
}

/** A granted set made whole as the form's cascade would: write needs read, delete needs read and write. */
export function withImpliedPermissions(permissions: Permissions): Permissions {
  return Object.fromEntries(
    PERMISSION_MODULES.map((module) => {
      const { read, write, delete: remove } = permissions[module];
      const canWrite = write === 1 || remove === 1;
      return [module, { read: read === 1 || canWrite ? 1 : 0, write: canWrite ? 1 : 0, delete: remove }];
    }),
  ) as Permissions;
}

/** Permissions that may be granted by `granter`: nobody grants what they lack. */
export function isWithinGrant(granter: Permissions, requested: Permissions): boolean {
  return PERMISSION_MODULES.every((module) =>
    PERMISSION_ACTIONS.every((action) => requested[module][action] <= granter[module][action]),
  );
}

/**
 * Why `granter` may not make a user `roleType` with `permissions` (DESIGN §7: only an admin makes
 * an admin, nobody grants what they lack); undefined when the grant is allowed.
 */
export function grantRefusal(
  granter: { role: string; permissions: Permissions | null | undefined },
  roleType: RoleType,
  permissions: Permissions,
): string | undefined {
  if (roleType === 'admin' && granter.role !== 'admin') return 'Only an admin may make an admin';
  const grantable =
    granter.role === 'admin' ? fullPermissions() : (granter.permissions ?? emptyPermissions());
  if (!isWithinGrant(grantable, permissions)) return 'You cannot grant permissions you do not have';
  return undefined;
}
