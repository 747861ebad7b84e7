// The page's views, one line each: the address's #fragment is `#name` or `#name/id` (for example
// #connections/12, #bookings/40, #calendar/2026-11-23/week), so a reload or a shared link lands in
// the same place.
// A view is `render(ctx, id)`: ctx holds the salon (`business`), its calls to the admin API (`api`:
// api.js's client with the salon's businessId filled in), `refresh()` and `isCurrent()`;
// `id` is everything after the first slash ("2026-11-23/week"), or undefined. `nav` is the menu
// entry the view belongs to: its own name unless the line names another (a booking's page lights
// up Calendar), or null for none (the setup).
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

/** name → { nav?, render, refreshMs? } */
export const ROUTES = new Map([
  ['calendar', { render: renderCalendar }],
  ['bookings', { nav: 'calendar', render: renderBooking }],
  ['inbox', { render: renderInbox }],
  ['setup', { nav: null, render: renderSetup }],
  ['overview', { render: renderOverview, refreshMs: 30_000 }],
  ['connections', { render: renderConnections }],
  ['keys', { render: renderKeys }],
  ['services', { render: renderServices }],
  ['staff', { render: renderStaff }],
  ['clients', { render: renderClients }],
  ['reviews', { render: renderReviews }],
  ['reports', { render: renderReports }],
  ['activity', { render: renderActivity }],
  ['settings', { render: renderSettings }],
  ['people', { nav: 'settings', render: renderPeople }],
  ['account', { render: renderAccount }],
  ['time-off', { nav: 'account', render: renderMyTimeOff }],
]);

/** The route for a #fragment: { name, id, nav, render, refreshMs }. Unknown names show the default view. */
export function routeOf(hash) {
  const [asked, ...rest] = hash.replace(/^#\/?/, '').split('/');
  const name = ROUTES.has(asked) ? asked : DEFAULT_VIEW;
  const id = rest.length ? rest.join('/') : undefined;
  return { name, id: id ? decodeURIComponent(id) : undefined, nav: name, ...ROUTES.get(name) };
}
