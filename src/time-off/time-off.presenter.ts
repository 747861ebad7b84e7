import { toIso } from '../clock.ts';
import { toLocalIso } from '../time/local-time.ts';
import { closureInterval, timeOffInterval } from '../businesses/directory.ts';
import type { ClosureRow, TimeOffRow } from '../db/tables.ts';

/** Time off as the admin API and staff.schedule_updated show it; times carry the business's offset. */
export function toTimeOffJson(row: TimeOffRow, zone: string) {
  const [start, end] = timeOffInterval(row, zone);
  return {
    id: row.id,
    staffId: row.staff_id,
    allDay: row.all_day === 1,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: toLocalIso(start, zone),
    endTime: toLocalIso(end, zone),
    note: row.note,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

export function toClosureJson(row: ClosureRow, zone: string) {
  const [start, end] = closureInterval(row, zone);
  return {
    id: row.id,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: toLocalIso(start, zone),
    endTime: toLocalIso(end, zone),
    note: row.note,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
