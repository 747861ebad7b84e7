import { Cron } from 'croner';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { MailMessageRow } from '../db/tables.ts';
import type { Logger } from '../log.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { markRefused } from './addresses.repository.ts';
import { compose } from './compose.ts';
import { LONGEST_SEND_MS, mailServerFor } from './mail-server.ts';
import { sendThrough, type Outcome } from './send.ts';
import { anyMessageDue, claimDueMessages } from './sql/claim-due-messages.ts';
import { finishMessage, type Finish } from './sql/finish-message.ts';
import { releaseMailLeases } from './sql/release-leases.ts';
import { composeSwitchedOff, type SwitchedOffNotice } from './switched-off-mail.ts';
import { salonOf, visitOf } from './visit.ts';

/** Messages on the wire at once: a salon's mail server is not a bulk relay. */
const CONCURRENCY = 4;
/** How long a claimed message stays owned: longer than any send (mail-server.ts bounds one). */
export const MAIL_LEASE_MS = LONGEST_SEND_MS + 60_000;
/** After attempt n fails and may be tried again, wait RETRY_MINUTES[n - 1] (the last one from then on). */
const RETRY_MINUTES = [1, 5, 15, 30, 60];

export interface MailEngineOptions {
  readonly database: Database;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly secretBox: SecretBox;
  readonly smtpUrl: string | undefined;
  /** Where clients reach the server: the manage links' base. */
  readonly publicAddress: { readonly url: string };
  /** Whether start() may release every lease: only when this server is the only one on its database. */
  readonly releaseLeasesAtStart: boolean;
  /** How long stop() waits for messages on the wire. */
  readonly drainMs: number;
}

/**
 * The mail queue's worker, the delivery engine's small sibling: claim (a lease, in a transaction)
 * → compose and send, outside any transaction → record, in one small transaction per message. A
 * message whose mail server cannot be reached or refuses the settings waits and is tried again,
 * until the visit begins; a Croner tick each second picks up what comes due, wake() what was just
 * queued. A crash between the send and its record leaves the lease, so the message goes once
 * more: the only duplicate, with the same Message-ID.
 */
export class MailEngine {
  readonly #o: MailEngineOptions;
  readonly #inFlight = new Set<Promise<void>>();
  #tick: Cron | undefined;
  #scheduled = false;
  #pumping = false;
  #again = false;
  #stopping = false;

  constructor(options: MailEngineOptions) {
    this.#o = options;
  }

  async start(): Promise<void> {
    if (this.#o.releaseLeasesAtStart) {
      const released = await releaseMailLeases(this.#o.database.db);
      if (released > 0) this.#o.logger.warn({ released }, 'sending again the e-mails that were on the wire when the last run ended');
    }
    this.#tick = new Cron('* * * * * *', { protect: true, unref: true }, () => this.wake());
    this.wake();
  }

  wake(): void {
    if (this.#scheduled || this.#stopping) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#pump();
    });
  }

  /** Stops claiming and waits (bounded) for messages on the wire; one still sending is sent again on the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#tick?.stop();
    let timer: NodeJS.Timeout | undefined;
    const drained = Promise.allSettled([...this.#inFlight]);
    await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, this.#o.drainMs)))]);
    clearTimeout(timer);
    while (this.#pumping) await new Promise((resolve) => setImmediate(resolve));
  }

  async #pump(): Promise<void> {
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    try {
      for (;;) {
        this.#again = false;
        const free = CONCURRENCY - this.#inFlight.size;
        if (this.#stopping || free <= 0) break;
        const now = this.#o.clock.now();
        let claimed: MailMessageRow[];
        try {
          if (!(await anyMessageDue(this.#o.database.db, now))) {
            // Woken meanwhile: what woke it may have committed after the look.
            if (this.#again) continue;
            break;
          }
          claimed = await this.#o.database.transaction((trx) => claimDueMessages(trx, now, free, MAIL_LEASE_MS));
        } catch (err) {
          this.#o.logger.error({ err }, 'mail queue could not reach the database');
          break;
        }
        for (const message of claimed) this.#launch(message);
        if (!this.#again && claimed.length < free) break;
      }
    } finally {
      this.#pumping = false;
    }
  }

  #launch(message: MailMessageRow): void {
    const sending = this.#deliver(message)
      .catch((err) =>
        this.#o.logger.error({ err, mailId: message.id }, 'e-mail could not be recorded; it is sent again when its lease runs out'),
      )
      .finally(() => {
        this.#inFlight.delete(sending);
        this.wake();
      });
    this.#inFlight.add(sending);
  }

  async #deliver(message: MailMessageRow): Promise<void> {
    const outcome = await this.#send(message);
    const now = this.#o.clock.now();
    const finish = finishOf(outcome, message, deadlineOf(message), now);
    await this.#o.database.transaction(async (trx) => {
      const recorded = await finishMessage(trx, message.id, finish, now);
      // The salon's own address refused is no client's address to stop writing to.
      if (recorded && outcome.kind === 'refused' && message.kind !== 'switched_off')
        await markRefused(trx, message.business_id, message.recipient, outcome.sentence, now);
    });
    const entry = {
      mailId: message.id,
      businessId: message.business_id,
      kind: message.kind,
      attempt: message.attempts + 1,
      status: finish.status,
    };
    if (outcome.kind === 'sent') this.#o.logger.info(entry, 'e-mail sent');
    else this.#o.logger.warn({ ...entry, error: finish.error }, 'e-mail not sent');
  }

  /** Composes the message with what the salon and its mail server are now, and sends it. */
  async #send(message: MailMessageRow): Promise<Outcome> {
    const { db } = this.#o.database;
    const business = await findBusiness(db, message.business_id);
    const server = await mailServerFor(db, this.#o, message.business_id);
    if (!business || !server) return { kind: 'waiting', sentence: 'No mail server is set up (Settings, “E-mail to clients”).' };
    const from = server.from ?? business.email;
    if (!from) return { kind: 'waiting', sentence: 'There is no sender address: give the salon an e-mail address in Settings.' };
    const salon = salonOf(business);
    const now = this.#o.clock.now();
    const data = JSON.parse(message.data) as Record<string, unknown>;
    const base = this.#o.publicAddress.url;
    const common = { from: { name: salon.name, address: from }, messageId: message.message_id, date: new Date(now) };
    if (message.kind === 'switched_off') {
      const composed = composeSwitchedOff(data as unknown as SwitchedOffNotice, salon, `${base}/#connections`);
      return sendThrough(server, { ...common, to: { name: salon.name, address: message.recipient }, ...composed }, from);
    }
    const visit = visitOf(data);
    const token = message.manage_token === null ? undefined : this.#o.secretBox.open(message.manage_token);
    const manage = token && `${base}/manage/${token}`;
    const reminder = token !== undefined && message.kind === 'reminder';
    const links = {
      manage,
      unsubscribe: reminder ? `${manage}?reminders=stop` : undefined,
      oneClick: reminder ? `${base}/v1/integration/manage/${token}/unsubscribe` : undefined,
    };
    const composed = compose(message.kind, visit, salon, links, from, now);
    return sendThrough(
      server,
      {
        ...common,
        replyTo: business.email ?? undefined,
        to: { name: visit.clientName, address: message.recipient },
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        icalEvent: { method: composed.calendar.method, filename: 'appointment.ics', content: composed.calendar.content },
        headers: composed.headers,
      },
      from,
    );
  }
}

/** How long the owner's e-mail about a switch-off is worth trying: a day, then the overview's notice is news enough. */
const SWITCHED_OFF_TRIED_FOR_MS = 24 * 60 * 60_000;

/** Until when a message is tried again, and what its failure then says: a client's until the visit begins. */
function deadlineOf(message: MailMessageRow): { at: number; sentence: string } {
  if (message.kind === 'switched_off') return { at: message.created_at + SWITCHED_OFF_TRIED_FOR_MS, sentence: 'Not sent within a day' };
  const visit = visitOf(JSON.parse(message.data) as Record<string, unknown>);
  return { at: visit.startAt, sentence: 'Not sent before the visit' };
}

/** What an outcome means for the row: sent, given up, or tried again later (never after its deadline: a client's visit began). */
function finishOf(outcome: Outcome, message: MailMessageRow, deadline: { at: number; sentence: string }, now: number): Finish {
  if (outcome.kind === 'sent') return { status: 'sent', error: null };
  if (outcome.kind !== 'waiting') return { status: 'failed', error: outcome.sentence };
  const minutes = RETRY_MINUTES[Math.min(message.attempts, RETRY_MINUTES.length - 1)]!;
  const dueAt = now + minutes * 60_000;
  if (dueAt >= deadline.at) return { status: 'failed', error: `${deadline.sentence}: ${outcome.sentence}` };
  return { status: 'pending', error: outcome.sentence, dueAt };
}
