import type { AppContext } from '../app-context.ts';
import { toLocalIso } from '../businesses/local-time.ts';
import { toIso } from '../clock.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { heldServices } from './holds.service.ts';
import { deleteHold, findBusinessHold, liveHoldViews, serviceNames, type HoldView } from './holds.repository.ts';

// The salon's side of holds: which times API keys hold, and letting one go.

type Deps = Pick<AppContext, 'db' | 'clock' | 'directory'>;

/** The business's live holds by start time, each with the name of the key that holds it. */
export async function listBusinessHolds(app: Deps, businessId: number) {
  const directory = (await app.directory.get(app.db, businessId))!;
  const views = await liveHoldViews(app.db, businessId, app.clock.now());
  const names = await serviceNames(app.db, [...new Set(views.flatMap(heldServices))]);
  const data = views.map((view) => toSalonHoldJson(view, names, directory.business.timezone));
  return { data, total: data.length };
}

/** Gives a held time back at once, whichever key holds it; the key's booking with it then finds no hold (404). */
export async function releaseBusinessHold(trx: Tx, businessId: number, id: number): Promise<void> {
  if (!(await findBusinessHold(trx, businessId, id))) throw errors.notFound('Hold');
  await deleteHold(trx, id);
}

function toSalonHoldJson(view: HoldView, names: ReadonlyMap<number, string>, zone: string) {
  const serviceIds = heldServices(view);
  return {
    id: view.id,
    keyId: view.api_key_id,
    keyName: view.key_name,
    serviceIds,
    serviceNames: serviceIds.map((id) => names.get(id) ?? ''),
    staffId: view.staff_id,
    staffName: view.staff_name,
    startTime: toLocalIso(view.start_at, zone),
    endTime: toLocalIso(view.end_at, zone),
    expiresAt: toIso(view.expires_at),
    createdAt: toIso(view.created_at),
  };
}
