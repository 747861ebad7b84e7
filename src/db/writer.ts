import type { Db } from './transaction.ts';

/**
 * Who a change is made for. `office` is the back office as the admin token opens it today; a
 * `person` (issue 23 section 1) will be one more kind with its id; `key` an API key (its id and
 * name); `client` a client on the booking page or through their manage link; `system` the server's
 * own work (delivery switch-off, expiry, reminders, scheduled jobs, the command line).
 */
export type ActorKind = 'office' | 'person' | 'key' | 'client' | 'system';

export interface Actor {
  readonly kind: ActorKind;
  /** The key's or the person's id; null for the others. */
  readonly id: number | null;
  /** Their name as it is at the time of the change (a key renamed later keeps the old name here). */
  readonly label: string;
}

export const BACK_OFFICE: Actor = { kind: 'office', id: null, label: 'Back office' };
export const SYSTEM: Actor = { kind: 'system', id: null, label: 'System' };

/** Who writes in a transaction, where from and when: what every audit entry of it records. */
export interface Writer {
  readonly actor: Actor;
  readonly requestId: string | null;
  readonly address: string | null;
  readonly at: number;
}

const writers = new WeakMap<Db, Writer>();

/** Names who `trx` writes for (the mount, for a request; a job, for its own transaction). */
export function bindWriter(trx: Db, writer: Writer): void {
  writers.set(trx, writer);
}

/** Who `trx` writes for, if anyone said so. */
export function writerOf(trx: Db): Writer | undefined {
  return writers.get(trx);
}
