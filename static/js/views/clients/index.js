// Clients: search (#clients), a new client (#clients/new), one client's contact details, visits
// and data (#clients/ID), each visit linking to its booking (#bookings/ID), and what the salon holds
// about them, to print (#clients/ID/data).

import { renderClient } from './client.js';
import { renderHeld } from './held.js';
import { renderClientList } from './list.js';
import { renderNewClient } from './new.js';

/** #clients, #clients/new, #clients/ID, #clients/ID/data */
export function renderClients(ctx, id) {
  if (id === 'new') return renderNewClient(ctx);
  const [clientId, part] = /^(\d+)(?:\/(data))?$/.exec(id ?? '')?.slice(1) ?? [];
  if (clientId && part === 'data') return renderHeld(ctx, Number(clientId));
  if (clientId) return renderClient(ctx, Number(clientId));
  return renderClientList(ctx);
}
