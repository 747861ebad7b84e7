import { toIso } from '../clock.ts';
import type { StaffRow } from '../db/tables.ts';
import type { WeeklySchedule } from '../time/schedule.ts';

export function scheduleOf(row: StaffRow): WeeklySchedule {
  return JSON.parse(row.schedule) as WeeklySchedule;
}

/** What integrations see: no e-mail or phone of the staff member. */
export function toStaffJson(row: StaffRow, services: readonly { id: number; name: string }[]) {
  return { id: row.id, name: row.name, title: row.title, services };
}

/** What the salon sees. */
export function toStaffAdminJson(row: StaffRow, serviceIds: readonly number[]) {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    email: row.email,
    phone: row.phone,
    active: row.active === 1,
    schedule: scheduleOf(row),
    serviceIds,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
