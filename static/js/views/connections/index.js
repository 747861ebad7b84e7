// Connections (#connections): the salon's webhooks; one connection's delivery history is
// #connections/ID.

import { renderHistory } from './history.js';
import { renderConnectionList } from './list.js';

/** #connections, #connections/ID */
export function renderConnections(ctx, id) {
  return /^\d+$/.test(id ?? '') ? renderHistory(ctx, Number(id)) : renderConnectionList(ctx);
}
