// Services: the list (#services), a new one (#services/new) and one service to change, switch off
// or delete (#services/ID). Prices are in the salon's currency, typed as "35.00".

import { renderServiceList } from './list.js';
import { renderNewService } from './new.js';
import { renderService } from './service.js';

/** #services, #services/new, #services/ID */
export function renderServices(ctx, id) {
  if (id === 'new') return renderNewService(ctx);
  if (/^\d+$/.test(id ?? '')) return renderService(ctx, Number(id));
  return renderServiceList(ctx);
}
