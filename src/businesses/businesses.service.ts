import businessCreateSchema from '../../schema/business-create.json' with { type: 'json' };
import type { Clock } from '../clock.ts';
import type { Db } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import { bodyParser } from '../http/validate.ts';
import { toBusinessJson } from './business.presenter.ts';
import { findBusiness, insertBusiness, listBusinesses } from './businesses.repository.ts';
import { DEFAULT_HOURS } from './hours.ts';
import { isValidTimeZone } from './timezone.ts';

export interface BusinessCreateInput {
  name: string;
  timezone: string;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  currency: string;
}

export const parseBusinessCreate = bodyParser<BusinessCreateInput>(businessCreateSchema);

export async function createBusiness(db: Db, clock: Clock, input: unknown) {
  const data = parseBusinessCreate(input);
  if (!isValidTimeZone(data.timezone)) {
    throw errors.validation(`"timezone" must be an IANA time zone such as Europe/Berlin, got "${data.timezone}".`, 'timezone');
  }
  const now = clock.now();
  const id = await insertBusiness(db, {
    name: data.name.trim(),
    timezone: data.timezone,
    address: data.address ?? null,
    phone: data.phone ?? null,
    email: data.email ?? null,
    website: data.website ?? null,
    currency: data.currency,
    working_hours: JSON.stringify(DEFAULT_HOURS),
    slot_step_minutes: 15,
    created_at: now,
    updated_at: now,
  });
  return toBusinessJson((await findBusiness(db, id))!);
}

export async function getBusiness(db: Db, id: number) {
  const row = await findBusiness(db, id);
  if (!row) throw errors.notFound('Business');
  return toBusinessJson(row);
}

export async function allBusinesses(db: Db) {
  return (await listBusinesses(db)).map(toBusinessJson);
}
