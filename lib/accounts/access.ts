import { createAccessControl } from "better-auth/plugins/access";

/**
 * Who on the staff may do what: roles are code (this file), permissions are per resource, and one
 * function, can(), decides for every admin API route (and later every admin page, server action
 * and the sidebar). Pure: the admin pages' client code may import it to hide what a role cannot
 * use; the server asks it again on every request.
 *
 * Built on better-auth's access control (createAccessControl, the admin plugin's `roles`), so the
 * role column better-auth's admin plugin keeps on users (lib/accounts/server/auth/auth.ts) names
 * these roles, and a role's statements are the same objects better-auth authorizes with.
 */

/**
 * Resources and their actions. `token` is personal API tokens; `audit` the audit log and sign-in
 * records; `inbox` what shoppers send (enquiries, contact messages, newsletter sign-ups: read,
 * update = status, assignee, notes and replies, export = the subscriber CSV; decision 0050);
 * `remittance` the couriers' Cash on Delivery money (read = the receivable and the remittances,
 * create = upload a remittance file that marks parcels remitted; decision 0062).
 */
export const STATEMENTS = {
  product: ["read", "create", "update", "delete", "publish", "export"],
  stock: ["read", "update"],
  order: ["read", "update", "export"],
  refund: ["read", "create", "update"],
  customer: ["read", "update", "delete", "export"],
  content: ["read", "create", "update", "delete", "publish"],
  settings: ["read", "update"],
  coupon: ["read", "create", "update", "delete"],
  staff: ["read", "create", "update", "delete"],
  token: ["read", "create", "delete"],
  audit: ["read", "export"],
  inbox: ["read", "update", "export"],
  remittance: ["read", "create"],
} as const;

export type Resource = keyof typeof STATEMENTS;
export type Action<R extends Resource = Resource> = (typeof STATEMENTS)[R][number];
/** "resource:action", the name of a permission and of an API token's scope. */
export type Permission = { [R in Resource]: `${R}:${(typeof STATEMENTS)[R][number]}` }[Resource];

export const ac = createAccessControl(STATEMENTS);

const all = STATEMENTS;

/**
 * The roles. The owner can do everything; a manager runs the shop but does not manage staff,
 * tokens or the back office's settings; the others do one job each.
 */
export const ROLES = {
  owner: ac.newRole({ ...all }),
  manager: ac.newRole({
    product: all.product,
    stock: all.stock,
    order: all.order,
    refund: all.refund,
    customer: ["read", "update", "export"],
    content: all.content,
    settings: ["read"],
    coupon: all.coupon,
    staff: ["read"],
    audit: all.audit,
    inbox: all.inbox,
    remittance: all.remittance,
  }),
  catalog: ac.newRole({
    product: ["read", "create", "update", "publish", "export"],
    stock: all.stock,
  }),
  fulfilment: ac.newRole({
    product: ["read"],
    stock: all.stock,
    order: ["read", "update"],
    refund: ["read"],
    customer: ["read"],
  }),
  support: ac.newRole({
    product: ["read"],
    order: ["read"],
    refund: all.refund,
    customer: ["read", "update"],
    inbox: ["read", "update"],
  }),
  content: ac.newRole({
    product: ["read"],
    content: all.content,
  }),
};

export type StaffRole = keyof typeof ROLES;
export const STAFF_ROLES = Object.keys(ROLES) as StaffRole[];
/** The role better-auth's admin plugin gives every account it creates (a customer). */
export const CUSTOMER_ROLE = "customer";

export const isStaffRole = (value: string): value is StaffRole => Object.hasOwn(ROLES, value);

/** The staff roles in a users.role value ("owner", "catalog,content"); anything else is dropped. */
export function staffRoles(column: string | null | undefined): StaffRole[] {
  if (!column) return [];
  return [...new Set(column.split(",").map((r) => r.trim()))].filter(isStaffRole);
}

export const permission = <R extends Resource>(resource: R, action: Action<R>) => `${resource}:${action}` as Permission;

/** Every permission name, in the order of STATEMENTS. */
export const ALL_PERMISSIONS: readonly Permission[] = (Object.entries(STATEMENTS) as [Resource, readonly string[]][]).flatMap(([r, actions]) => actions.map((a) => `${r}:${a}` as Permission));

export const isPermission = (value: string): value is Permission => (ALL_PERMISSIONS as readonly string[]).includes(value);

/** What a set of roles allows, as permission names. */
export function permissionsOf(roles: readonly StaffRole[]): Permission[] {
  return ALL_PERMISSIONS.filter((p) => {
    const [resource, action] = p.split(":") as [Resource, string];
    return roles.some((role) => ROLES[role].authorize({ [resource]: [action] }).success);
  });
}

/**
 * Who is asking: the roles of the staff member, and, for an API token, the scopes the owner gave
 * it (null for a signed-in session, which has all its roles allow).
 */
export type AccessSubject = { roles: readonly StaffRole[]; scopes: readonly Permission[] | null };

/**
 * The one decision: may this subject do `action` on `resource`? Yes when one of its roles allows it
 * (better-auth's role.authorize) and, for a token, its scopes name it too: a token never does more
 * than its holder's roles allow today, however it was scoped when issued.
 */
export function can<R extends Resource>(subject: AccessSubject, resource: R, action: Action<R>): boolean {
  const allowed = subject.roles.some((role) => ROLES[role].authorize({ [resource]: [action] }).success);
  if (!allowed) return false;
  return subject.scopes === null || subject.scopes.includes(permission(resource, action));
}
