// The page's views, one line each: the address's #fragment is `#name` or `#name/id` (for example
// #connections/12, #bookings/40), so a reload or a shared link lands in the same place.
// A view is `render(ctx, id)`: ctx holds the salon (`business`), `refresh()` and `isCurrent()`;
// `id` is the part after the slash, or undefined. `nav` is the menu entry the view belongs to.
// To add a view: write its module, import it here and add a line. The menu itself is in index.html.

import { renderClients } from './clients.js';
import { renderHistory } from './history.js';
import { renderKeys } from './keys.js';
import { renderOverview } from './overview.js';
import { renderServices } from './services.js';
import { renderStaff } from './staff.js';
import { renderConnections } from './webhooks.js';

export const DEFAULT_VIEW = 'overview';

/** name → { nav, render, refreshMs? } */
export const ROUTES = new Map([
  ['overview', { nav: 'overview', render: renderOverview, refreshMs: 30_000 }],
  [
    'connections',
    {
      nav: 'connections',
      render: (ctx, id) => (/^\d+$/.test(id ?? '') ? renderHistory(ctx, Number(id)) : renderConnections(ctx)),
    },
  ],
  ['keys', { nav: 'keys', render: renderKeys }],
  ['services', { nav: 'services', render: renderServices }],
  ['staff', { nav: 'staff', render: renderStaff }],
  ['clients', { nav: 'clients', render: renderClients }],
]);

/** The route for a #fragment: { name, id, nav, render, refreshMs }. Unknown names show the default view. */
export function routeOf(hash) {
  const [name, id] = hash.replace(/^#\/?/, '').split('/');
  const route = ROUTES.get(name) ?? ROUTES.get(DEFAULT_VIEW);
  return { name: ROUTES.has(name) ? name : DEFAULT_VIEW, id: id ? decodeURIComponent(id) : undefined, ...route };
}
