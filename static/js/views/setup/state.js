// Load and state: which step of the setup shows follows from what the server already has, so the
// setup can be left and picked up again; a step already done can be opened again.

import { marked } from '../../locale.js';

/** The steps: their address and name (said through t()). */
export const STEPS = [
  ['salon', marked('Your salon')],
  ['services', marked('Services')],
  ['staff', marked('Staff')],
  ['widget', marked('Website')],
];
const ORDER = STEPS.map(([key]) => key);

/** The salon's services and staff so far (none without a salon). */
export async function loadSetup(ctx) {
  if (!ctx.api) return { services: [], staff: [] };
  const [services, staff] = await Promise.all([ctx.api.list('adminListServices'), ctx.api.list('adminListStaff')]);
  return { services, staff };
}

/** The first step the server does not have yet. */
function nextStep(business, services, staff) {
  if (!business) return 'salon';
  if (services.length === 0) return 'services';
  if (staff.filter((s) => s.active).length === 0) return 'staff';
  return 'widget';
}

/**
 * The step to show for the address's `id` (#setup/services), and the steps done: a step after the
 * next one to do cannot be shown yet; an earlier one can be looked at again.
 */
export function setupState(business, { services, staff }, id) {
  const next = nextStep(business, services, staff);
  const step = ORDER.includes(id) && ORDER.indexOf(id) <= ORDER.indexOf(next) ? id : next;
  return { business, services, staff, step, done: ORDER.slice(0, ORDER.indexOf(next)) };
}
