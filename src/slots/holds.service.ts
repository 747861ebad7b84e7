import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { BusinessDirectory } from '../businesses/directory.ts';
import { toIso } from '../clock.ts';
import { toLocalIso } from '../time/local-time.ts';
import type { SlotHoldRow } from '../db/tables.ts';
import type { Tx } from '../db/transaction.ts';
import { errors } from '../http/errors.ts';
import type { ApiKey } from '../auth/api-key.ts';
import { planOf, serviceIdsOf } from './service-plan.ts';
import { claimSlot, slotTaken } from './slot-check.ts';
import { assertRoomForHold, type HoldQuota } from './hold-quota.ts';
import { deleteExpiredHolds, deleteHold, findHold, insertHold } from './holds.repository.ts';
import type holdCreateSchema from '../../schema/hold-create.ts';
import type { Valid } from '../http/validate.ts';

/** What this feature uses of the application. */
export type HoldsDeps = { readonly clock: Clock; readonly directory: BusinessDirectory; readonly config: Config };
type Deps = HoldsDeps;

export type HoldInput = Valid<typeof holdCreateSchema>;

/** Expired holds are kept this long, so a late booking with one is told it expired, not that it never existed. */
const KEEP_EXPIRED_MS = 86_400_000;

/**
 * Keeps a free slot for this key for `config.holdMinutes`: other keys' slot lists lose it and their
 * bookings of it are refused (409 slot_unavailable), in the same checks and triggers as bookings.
 * A key holds at most `config.maxActiveHolds` slots at once (409 hold_limit_reached).
 */
export async function createHold(trx: Tx, app: Deps, key: ApiKey, input: HoldInput) {
  const { row, zone } = await holdSlot(
    trx,
    app,
    {
      businessId: key.businessId,
      apiKeyId: key.id,
      holderKeyId: key.id,
      quotas: [{ holder: { kind: 'key', apiKeyId: key.id }, limit: app.config.maxActiveHolds }],
    },
    input,
  );
  return toHoldJson(row, zone);
}

/** Who a new hold is for. */
export interface Holder {
  businessId: number;
  /** The key the hold is stored under. */
  apiKeyId: number;
  /** Whose holds leave time free for it (claimSlot's holderKeyId): the key's own, or none (HOLDS_NOTHING). */
  holderKeyId: number;
  /** The caps the hold counts against, each checked under its own lock. */
  quotas: readonly HoldQuota[];
  /** The booking page: the visitor's address and the SHA-256 of the token they have. */
  address?: string;
  tokenHash?: string;
}

/**
 * Holds a free slot for `holder`: after its caps, the same check as a booking (claimSlot), then
 * the row, which the database refuses over a live booking or any other live hold.
 */
export async function holdSlot(trx: Tx, app: Deps, holder: Holder, input: HoldInput): Promise<{ row: SlotHoldRow; zone: string }> {
  const now = app.clock.now();
  await assertRoomForHold(trx, holder.quotas, now);
  const directory = (await app.directory.get(trx, holder.businessId))!;
  const plan = planOf(directory, serviceIdsOf(input));
  if (input.staffId !== undefined && !directory.staff.some((s) => s.id === input.staffId)) throw errors.notFound('Staff member');
  const startAt = Date.parse(input.startTime);
  const { staffId } = await claimSlot(trx, { directory, plan, startAt, staffId: input.staffId, holderKeyId: holder.holderKeyId, now });
  await deleteExpiredHolds(trx, now - KEEP_EXPIRED_MS);
  const row = {
    business_id: holder.businessId,
    api_key_id: holder.apiKeyId,
    service_id: plan.serviceIds[0]!,
    service_ids: plan.serviceIds.length > 1 ? JSON.stringify(plan.serviceIds) : null,
    staff_id: staffId,
    start_at: startAt,
    end_at: startAt + plan.durationMinutes * 60_000,
    buffer_before_minutes: plan.bufferBeforeMinutes,
    buffer_after_minutes: plan.bufferAfterMinutes,
    expires_at: now + app.config.holdMinutes * 60_000,
    created_at: now,
    holder_address: holder.address ?? null,
    token_hash: holder.tokenHash ?? null,
  };
  const id = await insertHold(trx, row).catch(slotTaken);
  await recordAudit(trx, { businessId: holder.businessId, action: 'hold.created', target: { kind: 'hold', id }, after: holdFields(row) });
  return { row: { ...row, id }, zone: directory.business.timezone };
}

/** What the audit trail keeps of a hold. */
function holdFields(row: Pick<SlotHoldRow, 'service_id' | 'service_ids' | 'staff_id' | 'start_at' | 'end_at' | 'expires_at'>) {
  return {
    serviceIds: heldServices(row),
    staffId: row.staff_id,
    startTime: toIso(row.start_at),
    endTime: toIso(row.end_at),
    expiresAt: toIso(row.expires_at),
  };
}

/** Records that a hold was given back before its time. */
export async function auditHoldReleased(trx: Tx, hold: SlotHoldRow): Promise<void> {
  await recordAudit(trx, {
    businessId: hold.business_id,
    action: 'hold.released',
    target: { kind: 'hold', id: hold.id },
    before: holdFields(hold),
  });
}

/** Gives a held slot back at once. */
export async function releaseHold(trx: Tx, key: ApiKey, id: number): Promise<void> {
  const hold = await findHold(trx, key.id, id);
  if (!hold) throw errors.notFound('Hold');
  await deleteHold(trx, id);
  await auditHoldReleased(trx, hold);
}

/**
 * A booking made with `holdId` takes the hold's place: the hold must be this key's, live, and for
 * the same service and time; it is deleted in the booking's transaction. Answers the staff member
 * it holds, who the booking then goes to.
 */
export async function consumeHold(
  trx: Tx,
  apiKeyId: number | null,
  holdId: number,
  booking: { serviceIds: readonly number[]; startAt: number; staffId?: number; now: number },
): Promise<number> {
  const hold = apiKeyId === null ? undefined : await findHold(trx, apiKeyId, holdId);
  if (!hold) throw errors.notFound('Hold');
  if (hold.expires_at <= booking.now) {
    throw errors.conflict('hold_expired', `Hold ${holdId} has expired or was used; GET /v1/integration/slots and hold again.`);
  }
  if (
    heldServices(hold).join() !== booking.serviceIds.join() ||
    hold.start_at !== booking.startAt ||
    (booking.staffId !== undefined && booking.staffId !== hold.staff_id)
  ) {
    throw errors.validation(
      `Hold ${holdId} is for services ${heldServices(hold).join(', ')} with staff member ${hold.staff_id} at ${new Date(hold.start_at).toISOString()}; book what it holds.`,
      'holdId',
    );
  }
  await deleteHold(trx, holdId);
  return hold.staff_id;
}

export function heldServices(hold: Pick<SlotHoldRow, 'service_id' | 'service_ids'>): number[] {
  return hold.service_ids ? (JSON.parse(hold.service_ids) as number[]) : [hold.service_id];
}

function toHoldJson(row: Omit<SlotHoldRow, 'business_id' | 'api_key_id'>, zone: string) {
  return {
    id: row.id,
    serviceId: row.service_id,
    serviceIds: heldServices(row),
    staffId: row.staff_id,
    startTime: toLocalIso(row.start_at, zone),
    endTime: toLocalIso(row.end_at, zone),
    expiresAt: toIso(row.expires_at),
    createdAt: toIso(row.created_at),
  };
}
