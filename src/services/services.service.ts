import { recordAudit } from '../audit/record.ts';
import type { Updateable } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { toIso } from '../clock.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import type { ServiceRow, ServicesTable } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { toServiceJson } from './service.presenter.ts';
import { findService, insertService, listServices, softDeleteService, updateService } from './services.repository.ts';
import type serviceCreateSchema from '../../schema/service-create.ts';
import type serviceUpdateSchema from '../../schema/service-update.ts';
import type { Valid } from '../http/validate.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/** What this feature's operations use of the application. */
export type ServicesDeps = Deps & { readonly db: Db };

export type ServiceInput = Valid<typeof serviceCreateSchema>;
export type ServiceChanges = Valid<typeof serviceUpdateSchema>;

/** API field → column, so `changes` in service.updated names what an integrator knows. */
const FIELDS = {
  name: 'name',
  description: 'description',
  durationMinutes: 'duration_minutes',
  bufferBeforeMinutes: 'buffer_before_minutes',
  bufferAfterMinutes: 'buffer_after_minutes',
  price: 'price',
  currency: 'currency',
  active: 'active',
} as const;

export async function adminServices(app: { readonly db: Db }, businessId: number) {
  const rows = await listServices(app.db, businessId);
  return { data: rows.map(toServiceJson), total: rows.length };
}

export async function adminService(app: { readonly db: Db }, businessId: number, id: number) {
  return toServiceJson(await existing(app, businessId, id));
}

/** Adds a service (no event: the spec has none for a new service). */
export async function createService(trx: Tx, app: Deps, businessId: number, input: ServiceInput) {
  const business = await findBusiness(trx, businessId);
  if (!business) throw errors.notFound('Business');
  const now = app.clock.now();
  const id = await insertService(trx, {
    business_id: businessId,
    name: input.name.trim(),
    description: input.description ?? '',
    duration_minutes: input.durationMinutes,
    buffer_before_minutes: input.bufferBeforeMinutes ?? 0,
    buffer_after_minutes: input.bufferAfterMinutes ?? 0,
    price: input.price,
    currency: input.currency ?? business.currency,
    active: input.active === false ? 0 : 1,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  });
  const created = await adminService({ db: trx }, businessId, id);
  await recordAudit(trx, { businessId, action: 'service.created', target: { kind: 'service', id }, after: created });
  return created;
}

/** Changes a service and fires service.updated naming the changed fields; no change, no event. */
export async function changeService(trx: Tx, app: Deps, businessId: number, id: number, input: ServiceChanges) {
  const row = await findService(trx, businessId, id);
  if (!row) throw errors.notFound('Service');
  const now = app.clock.now();
  const patch: Updateable<ServicesTable> = {};
  const changes: string[] = [];
  for (const [field, column] of Object.entries(FIELDS) as [keyof typeof FIELDS, keyof ServiceRow][]) {
    const given = input[field];
    if (given === undefined) continue;
    const value = field === 'active' ? (given ? 1 : 0) : typeof given === 'string' && field === 'name' ? given.trim() : given;
    if (row[column] !== value) {
      (patch as Record<string, unknown>)[column] = value;
      changes.push(field);
    }
  }
  if (changes.length === 0) return adminService({ db: trx }, businessId, id);
  await updateService(trx, id, { ...patch, updated_at: now });
  const updated = toServiceJson((await findService(trx, businessId, id))!);
  await recordAudit(trx, {
    businessId,
    action: 'service.updated',
    target: { kind: 'service', id },
    before: toServiceJson(row),
    after: updated,
  });
  await app.outbox.emitEvent(trx, businessId, 'service.updated', {
    serviceId: id,
    name: updated.name,
    description: updated.description,
    durationMinutes: updated.durationMinutes,
    bufferBeforeMinutes: updated.bufferBeforeMinutes,
    bufferAfterMinutes: updated.bufferAfterMinutes,
    price: updated.price,
    currency: updated.currency,
    active: updated.active,
    changes,
    updatedAt: toIso(now),
  });
  return adminService({ db: trx }, businessId, id);
}

/** Removes a service from the catalog (bookings keep it) and fires service.deleted. */
export async function deleteService(trx: Tx, app: Deps, businessId: number, id: number): Promise<void> {
  const row = await findService(trx, businessId, id);
  if (!row) throw errors.notFound('Service');
  const now = app.clock.now();
  await softDeleteService(trx, id, now);
  await recordAudit(trx, { businessId, action: 'service.deleted', target: { kind: 'service', id }, before: toServiceJson(row) });
  await app.outbox.emitEvent(trx, businessId, 'service.deleted', { serviceId: id, name: row.name, deletedAt: toIso(now) });
}

async function existing(app: { readonly db: Db }, businessId: number, id: number): Promise<ServiceRow> {
  const row = await findService(app.db, businessId, id);
  if (!row) throw errors.notFound('Service');
  return row;
}
