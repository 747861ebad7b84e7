// Staff: the list (#staff), a new staff member (#staff/new) and one of them (#staff/ID): contact
// details, the services they do, weekly hours and breaks, and time off with the bookings it overlaps.

import { renderStaffList } from './list.js';
import { renderMember } from './member.js';
import { renderNewStaff } from './new.js';

/** #staff, #staff/new, #staff/ID */
export function renderStaff(ctx, id) {
  if (id === 'new') return renderNewStaff(ctx);
  if (/^\d+$/.test(id ?? '')) return renderMember(ctx, Number(id));
  return renderStaffList(ctx);
}
