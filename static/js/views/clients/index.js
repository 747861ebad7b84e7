// Clients: search (#clients), a new client (#clients/new) and one client's contact details and
// visits (#clients/ID), each visit linking to its booking (#bookings/ID).

import { renderClient } from './client.js';
import { renderClientList } from './list.js';
import { renderNewClient } from './new.js';

/** #clients, #clients/new, #clients/ID */
export function renderClients(ctx, id) {
  if (id === 'new') return renderNewClient(ctx);
  if (/^\d+$/.test(id ?? '')) return renderClient(ctx, Number(id));
  return renderClientList(ctx);
}
