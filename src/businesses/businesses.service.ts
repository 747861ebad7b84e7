import { recordAudit } from '../audit/record.ts';
import type { Updateable } from 'kysely';
import type { BusinessesTable } from '../db/tables.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { toBusinessJson } from './business.presenter.ts';
import { findBusiness, insertBusiness, listBusinesses, rekeyClientPhones, updateBusiness } from './businesses.repository.ts';
import { isPhoneCountry } from '../text/search-keys.ts';
import { DEFAULT_HOURS, hoursProblem } from '../time/hours.ts';
import { checkTimeZone } from '../time/timezone.ts';
import { freeSlugFor } from './page-slug.ts';
import type businessCreateSchema from '../../schema/business-create.ts';
import type businessUpdateSchema from '../../schema/business-update.ts';
import type { Valid } from '../http/validate.ts';

export type BusinessCreateInput = Valid<typeof businessCreateSchema>;

export type BusinessUpdateInput = Valid<typeof businessUpdateSchema>;

export async function createBusiness(db: Db, clock: Clock, data: BusinessCreateInput) {
  const timezone = zoneToStore(data.timezone);
  assertPhoneCountry(data.phoneCountry);
  if (data.workingHours) {
    const problem = hoursProblem(data.workingHours);
    if (problem) throw errors.validation(problem, 'workingHours');
  }
  const now = clock.now();
  const id = await insertBusiness(db, {
    name: data.name.trim(),
    timezone,
    address: data.address ?? null,
    phone: data.phone ?? null,
    email: data.email ?? null,
    website: data.website ?? null,
    currency: data.currency,
    phone_country: data.phoneCountry ?? null,
    working_hours: JSON.stringify(data.workingHours ?? DEFAULT_HOURS),
    // The salon's language said when it is made (the first run's one step): one act, one entry.
    ...(data.locale ? { page_locale: data.locale, page_locale_chosen: 1 } : {}),
    slot_step_minutes: 15,
    page_slug: await freeSlugFor(db, data.name),
    page_accent_color: null,
    created_at: now,
    updated_at: now,
  });
  const created = toBusinessJson((await findBusiness(db, id))!);
  await recordAudit(db, { businessId: id, action: 'business.created', target: { kind: 'business', id }, after: created });
  return created;
}

export async function getBusiness(db: Db, id: number) {
  const row = await findBusiness(db, id);
  if (!row) throw errors.notFound('Business');
  return toBusinessJson(row);
}

export async function allBusinesses(db: Db) {
  return (await listBusinesses(db)).map(toBusinessJson);
}

/** Changes a business: contact details, time zone, opening hours, booking rules (slot step, minimum notice, horizon). */
export async function changeBusiness(db: Db, clock: Clock, id: number, data: BusinessUpdateInput) {
  const before = await findBusiness(db, id);
  if (!before) throw errors.notFound('Business');
  assertPhoneCountry(data.phoneCountry);
  const timezone = data.timezone === undefined ? undefined : zoneToStore(data.timezone);
  if (data.workingHours) {
    const problem = hoursProblem(data.workingHours);
    if (problem) throw errors.validation(problem, 'workingHours');
  }
  const patch: Updateable<BusinessesTable> = { updated_at: clock.now() };
  if (data.name !== undefined) patch.name = data.name.trim();
  if (timezone !== undefined) patch.timezone = timezone;
  for (const field of ['address', 'phone', 'email', 'website'] as const) {
    if (data[field] !== undefined) patch[field] = data[field] ?? null;
  }
  if (data.currency !== undefined) patch.currency = data.currency;
  if (data.workingHours !== undefined) patch.working_hours = JSON.stringify(data.workingHours);
  if (data.slotStepMinutes !== undefined) patch.slot_step_minutes = data.slotStepMinutes;
  if (data.minNoticeMinutes !== undefined) patch.min_notice_minutes = data.minNoticeMinutes;
  if (data.horizonDays !== undefined) patch.horizon_days = data.horizonDays;
  if (data.reminderLeadMinutes !== undefined) patch.reminder_lead_minutes = data.reminderLeadMinutes;
  if (data.cancelCutoffMinutes !== undefined) patch.cancel_cutoff_minutes = data.cancelCutoffMinutes;
  if (data.deskContactRequired !== undefined) patch.desk_contact_required = data.deskContactRequired ? 1 : 0;
  if (data.phoneCountry !== undefined) patch.phone_country = data.phoneCountry;
  await updateBusiness(db, id, patch);
  // The clients' phone keys were read in the old country: read them again in the new one.
  if (data.phoneCountry !== undefined && data.phoneCountry !== before.phone_country) await rekeyClientPhones(db, id, data.phoneCountry);
  const after = await getBusiness(db, id);
  await recordAudit(db, {
    businessId: id,
    action: 'business.updated',
    target: { kind: 'business', id },
    before: toBusinessJson(before),
    after,
  });
  return after;
}

/** A 400 unless the code (if given) is a country libphonenumber reads numbers of. */
function assertPhoneCountry(code: string | null | undefined): void {
  if (code && !isPhoneCountry(code)) {
    throw errors.validation(`"phoneCountry" must be a country's ISO 3166-1 code such as DE, got "${code}".`, 'phoneCountry');
  }
}

/** The zone's name as stored (src/time/timezone.ts), or a 400 saying why it cannot be one. */
function zoneToStore(typed: string): string {
  const check = checkTimeZone(typed);
  if (check.ok) return check.zone;
  throw errors.validation(
    check.problem === 'offset'
      ? `"timezone" must be a time zone's name such as Europe/Berlin or Asia/Kolkata, not a UTC offset ("${typed}"): an offset does not follow summer time.`
      : `"timezone" must be an IANA time zone such as Europe/Berlin, got "${typed}".`,
    'timezone',
  );
}
