import { toIso } from '../clock.ts';
import type { BusinessRow } from '../db/tables.ts';
import type { WeeklyHours } from '../time/hours.ts';

export function toBusinessJson(row: BusinessRow) {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    currency: row.currency,
    phoneCountry: row.phone_country,
    locale: row.page_locale_chosen === 1 ? row.page_locale : null,
    workingHours: JSON.parse(row.working_hours) as WeeklyHours,
    slotStepMinutes: row.slot_step_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    horizonDays: row.horizon_days,
    reminderLeadMinutes: row.reminder_lead_minutes,
    cancelCutoffMinutes: row.cancel_cutoff_minutes,
    deskContactRequired: row.desk_contact_required === 1,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}
