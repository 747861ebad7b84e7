import { recordAudit, recorded } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import type { Outbox } from '../delivery/outbox.ts';
import { toIso } from '../clock.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import type { WeeklyHours } from '../time/hours.ts';
import type { StaffTable } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { listServices } from '../services/services.repository.ts';
import type { Updateable } from 'kysely';
import { scheduleFromHours, scheduleProblem, type WeeklySchedule } from '../time/schedule.ts';
import { toStaffAdminJson, toStaffJson } from './staff.presenter.ts';
import { findStaff, insertStaff, listStaff, replaceStaffServices, servicesOfStaff, updateStaff } from './staff.repository.ts';
import type staffCreateSchema from '../../schema/staff-create.ts';
import type staffServicesSchema from '../../schema/staff-services.ts';
import type staffUpdateSchema from '../../schema/staff-update.ts';
import type { Valid } from '../http/validate.ts';

type Deps = { readonly clock: Clock; readonly outbox: Outbox };

/** What this feature's operations use of the application. */
export type StaffDeps = Deps & { readonly db: Db };

export type StaffCreate = Valid<typeof staffCreateSchema>;
export type StaffUpdate = Valid<typeof staffUpdateSchema>;
export type StaffServices = Valid<typeof staffServicesSchema>;

/** GET /v1/integration/staff: active staff with the services each performs. */
export async function publicStaffList(app: { readonly db: Db }, businessId: number) {
  const rows = await listStaff(app.db, businessId, true);
  const services = new Map((await listServices(app.db, businessId)).map((s) => [s.id, { id: s.id, name: s.name }]));
  const performed = await servicesOfStaff(
    app.db,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) =>
    toStaffJson(
      row,
      (performed.get(row.id) ?? []).flatMap((id) => (services.has(id) ? [services.get(id)!] : [])),
    ),
  );
  return { data, total: data.length };
}

export async function adminStaffList(app: { readonly db: Db }, businessId: number) {
  const rows = await listStaff(app.db, businessId, false);
  const performed = await servicesOfStaff(
    app.db,
    rows.map((r) => r.id),
  );
  const data = rows.map((row) => toStaffAdminJson(row, performed.get(row.id) ?? []));
  return { data, total: data.length };
}

export async function adminStaffMember(app: { readonly db: Db }, businessId: number, id: number) {
  const row = await findStaff(app.db, businessId, id);
  if (!row) throw errors.notFound('Staff member');
  return toStaffAdminJson(row, (await servicesOfStaff(app.db, [id])).get(id) ?? []);
}

export async function createStaff(trx: Tx, app: Deps, businessId: number, input: StaffCreate) {
  const business = await findBusiness(trx, businessId);
  if (!business) throw errors.notFound('Business');
  const schedule = input.schedule ?? scheduleFromHours(JSON.parse(business.working_hours) as WeeklyHours);
  assertSchedule(schedule);
  const now = app.clock.now();
  const id = await insertStaff(trx, {
    business_id: businessId,
    name: input.name.trim(),
    title: input.title ?? null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    active: 1,
    schedule: JSON.stringify(schedule),
    created_at: now,
    updated_at: now,
  });
  if (input.serviceIds) await setServices(trx, businessId, id, input.serviceIds);
  return recorded(
    trx,
    { businessId, action: 'staff.created', target: { kind: 'staff', id } },
    await adminStaffMember({ db: trx }, businessId, id),
  );
}

export async function changeStaff(trx: Tx, app: Deps, businessId: number, id: number, input: StaffUpdate) {
  const patch: Updateable<StaffTable> = { updated_at: app.clock.now() };
  if (input.name !== undefined) patch.name = input.name.trim();
  if (input.title !== undefined) patch.title = input.title;
  if (input.email !== undefined) patch.email = input.email;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.active !== undefined) patch.active = input.active ? 1 : 0;
  const before = await adminStaffMember({ db: trx }, businessId, id);
  await updateStaff(trx, id, patch);
  const target = { kind: 'staff', id };
  return recorded(trx, { businessId, action: 'staff.updated', target, before }, await adminStaffMember({ db: trx }, businessId, id));
}

/** Replaces the weekly schedule and fires staff.schedule_updated. Existing bookings stay. */
export async function changeSchedule(trx: Tx, app: Deps, businessId: number, id: number, schedule: WeeklySchedule) {
  assertSchedule(schedule);
  const row = await findStaff(trx, businessId, id);
  if (!row) throw errors.notFound('Staff member');
  const now = app.clock.now();
  await updateStaff(trx, id, { schedule: JSON.stringify(schedule), updated_at: now });
  await recordAudit(trx, {
    businessId,
    action: 'staff.schedule_updated',
    target: { kind: 'staff', id },
    before: { schedule: JSON.parse(row.schedule) },
    after: { schedule },
  });
  await app.outbox.emitEvent(trx, businessId, 'staff.schedule_updated', {
    staffId: id,
    staffName: row.name,
    schedule,
    updatedAt: toIso(now),
  });
  return adminStaffMember({ db: trx }, businessId, id);
}

export async function changeServices(trx: Tx, app: Deps, businessId: number, id: number, { serviceIds }: StaffServices) {
  const before = await adminStaffMember({ db: trx }, businessId, id);
  // The staff member's row first: on PostgreSQL a simultaneous replacement waits here, then
  // deletes what the first one wrote; deleting first, it missed those rows and its insert broke
  // staff_services_pk (a 500).
  await updateStaff(trx, id, { updated_at: app.clock.now() });
  await setServices(trx, businessId, id, serviceIds);
  const target = { kind: 'staff', id };
  return recorded(
    trx,
    { businessId, action: 'staff.services_updated', target, before },
    await adminStaffMember({ db: trx }, businessId, id),
  );
}

async function setServices(trx: Tx, businessId: number, staffId: number, serviceIds: readonly number[]): Promise<void> {
  const known = new Set((await listServices(trx, businessId)).map((s) => s.id));
  const unknown = serviceIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw errors.validation(`"serviceIds" names a service that does not exist: ${unknown}.`, 'serviceIds');
  await replaceStaffServices(trx, staffId, serviceIds);
}

function assertSchedule(schedule: WeeklySchedule): void {
  const problem = scheduleProblem(schedule);
  if (problem) throw errors.validation(problem, 'schedule');
}
