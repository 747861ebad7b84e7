import type { Role } from '../db/tables.ts';
import { AppError } from '../http/errors.ts';
import type { Access, Authorize, Operation } from '../http/operations.ts';

/** How the page and the errors name a role. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = { owner: 'owner', front_desk: 'front desk', stylist: 'stylist' };

/** The roles an operation's access admits, for the document and the role matrix test. */
/** Any operation's access, whatever its app. */
// biome-ignore lint/suspicious/noExplicitAny: the app is the operation's; only the kind of access is read here
type AnyAccess = Access<any>;

export function rolesOf(access: AnyAccess | undefined): readonly Role[] {
  if (access === undefined || access === 'owner') return ['owner'];
  if (access === 'desk') return ['owner', 'front_desk'];
  return ['owner', 'front_desk', 'stylist'];
}

const notForRole = (role: Role, access: AnyAccess | undefined) =>
  new AppError(
    403,
    'not_allowed_for_role',
    access === 'desk'
      ? `Your account (${ROLE_NAMES[role]}) cannot do this: it is for the front desk and the salon's owner.`
      : `Your account (${ROLE_NAMES[role]}) cannot do this: it is for the salon's owner.`,
    { role, allowedRoles: rolesOf(access) },
  );

/**
 * The admin API's roles (issue 23; docs/security.md), enforced at the edge from each operation's
 * `access`: first whether the person's role may call the operation at all (before any id is
 * looked up, so a refused role learns nothing of what exists), then, for a stylist, whether it is
 * their own (their business; their booking, their time off). The admin token is the owner.
 */
export const authorizeRole: Authorize = async (ctx, op: Operation, params, app) => {
  const person = ctx.state.person;
  if (!person || person.role === 'owner') return;
  const access: AnyAccess | undefined = op.access;
  if (!rolesOf(access).includes(person.role)) throw notForRole(person.role, access);
  if (person.role !== 'stylist' || params === undefined) return;
  const businessId = params.businessId;
  if (businessId !== undefined && businessId !== person.businessId)
    throw new AppError(403, 'not_allowed_for_role', 'A stylist sees only the salon they work at.', { role: person.role });
  if (typeof access === 'object' && (person.staffId === null || !(await access.own({ params, query: ctx.query }, app, person.staffId))))
    throw new AppError(403, 'not_your_own', access.why, { role: person.role });
};
