// The page's views, one line each: the address's #fragment is `#name` or `#name/id` (for example
// #connections/12, #bookings/40, #calendar/2026-11-23/week), so a reload or a shared link lands in
// the same place.
// A view is `render(ctx, id)`: ctx holds the salon (`business`), its calls to the admin API (`api`:
// api.js's client with the salon's businessId filled in), `refresh()` and `isCurrent()`;
// `id` is everything after the first slash ("2026-11-23/week"), or undefined. `nav` is the menu
// entry the view belongs to.
// To add a view: write its folder in views/ (load → state → render → actions), import it here and add
// a line. The menu itself is in index.html.

import { renderAccount } from './views/account/index.js';
import { renderActivity } from './views/activity/index.js';
import { renderBooking } from './views/booking/index.js';
import { renderCalendar } from './views/calendar/index.js';
import { renderClients } from './views/clients/index.js';
import { renderInbox } from './views/inbox/index.js';
import { renderKeys } from './views/keys/index.js';
import { renderOverview } from './views/overview/index.js';
import { renderPeople } from './views/people/index.js';
import { renderReports } from './views/reports/index.js';
import { renderReviews } from './views/reviews/index.js';
import { renderServices } from './views/services/index.js';
import { renderSettings } from './views/settings/index.js';
import { renderSetup } from './views/setup/index.js';
import { renderStaff } from './views/staff/index.js';
import { renderMyTimeOff } from './views/staff/my-time-off.js';
import { renderConnections } from './views/connections/index.js';

export const DEFAULT_VIEW = 'calendar';

/** name → { nav, render, refreshMs? } */
export const ROUTES = new Map([
  ['calendar', { nav: 'calendar', render: renderCalendar }],
  ['bookings', { nav: 'calendar', render: renderBooking }],
  ['inbox', { nav: 'inbox', render: renderInbox }],
  ['setup', { nav: null, render: renderSetup }],
  ['overview', { nav: 'overview', render: renderOverview, refreshMs: 30_000 }],
  ['connections', { nav: 'connections', render: renderConnections }],
  ['keys', { nav: 'keys', render: renderKeys }],
  ['services', { nav: 'services', render: renderServices }],
  ['staff', { nav: 'staff', render: renderStaff }],
  ['clients', { nav: 'clients', render: renderClients }],
  ['reviews', { nav: 'reviews', render: renderReviews }],
  ['reports', { nav: 'reports', render: renderReports }],
  ['activity', { nav: 'activity', render: renderActivity }],
  ['settings', { nav: 'settings', render: renderSettings }],
  ['people', { nav: 'settings', render: renderPeople }],
  ['account', { nav: 'account', render: renderAccount }],
  ['time-off', { nav: 'account', render: renderMyTimeOff }],
]);

/** The route for a #fragment: { name, id, nav, render, refreshMs }. Unknown names show the default view. */
export function routeOf(hash) {
  const [name, ...rest] = hash.replace(/^#\/?/, '').split('/');
  const id = rest.length ? rest.join('/') : undefined;
  const route = ROUTES.get(name) ?? ROUTES.get(DEFAULT_VIEW);
  return { name: ROUTES.has(name) ? name : DEFAULT_VIEW, id: id ? decodeURIComponent(id) : undefined, ...route };
}
