import { recordAudit } from '../audit/record.ts';
import type { Clock } from '../clock.ts';
import { toIsoOrNull } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { Db, Tx } from '../db/transaction.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { errors } from '../http/errors.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { deleteMailSettings, findMailSettings, saveMailSettings } from './mail-settings.repository.ts';
import { mailServerFor, serverFromUrl, type MailServer } from './mail-server.ts';
import { sendThrough } from './send.ts';
import { makeWaitingDue } from './sql/due-now.ts';
import { queueStatus } from './sql/queue-status.ts';
import { wordingFor } from './wording.ts';
import type mailSettingsSchema from '../../schema/mail-settings.ts';
import type { Valid } from '../http/validate.ts';

/** What this feature uses of the application. */
export type MailDeps = {
  readonly db: Db;
  readonly database: Database;
  readonly clock: Clock;
  readonly secretBox: SecretBox;
  readonly config: { readonly smtpUrl: string | undefined };
  readonly mail: { wake(): void };
};

/** The salon's mail server as the page sends it; a password left out keeps the stored one. */
export type MailSettingsInput = Valid<typeof mailSettingsSchema>;

function serverJson(server: MailServer) {
  return { host: server.host, port: server.port, tls: server.tls, username: server.username, fromAddress: server.from };
}

/**
 * The business's mail settings as Settings shows them: its own server (the password only as
 * whether there is one), the server's BOOKING_SMTP_URL (never its password), which one is used, and
 * the queue: how many messages wait, why, and when the last one went.
 */
export async function mailSettingsView(app: Pick<MailDeps, 'db' | 'config'>, businessId: number) {
  const business = await findBusiness(app.db, businessId);
  if (!business) throw errors.notFound('Business');
  const row = await findMailSettings(app.db, businessId);
  const server = app.config.smtpUrl ? serverFromUrl(app.config.smtpUrl) : undefined;
  const own = row
    ? {
        host: row.host,
        port: row.port,
        tls: row.tls,
        username: row.username,
        fromAddress: row.from_address,
        hasPassword: row.password !== null,
      }
    : null;
  const used = own ?? (server ? serverJson(server) : null);
  const status = await queueStatus(app.db, businessId);
  return {
    configured: used !== null,
    source: own ? ('salon' as const) : server ? ('server' as const) : null,
    salon: own,
    server: server ? serverJson(server) : null,
    sender: used ? (used.fromAddress ?? business.email) : null,
    queue: {
      waiting: status.waiting,
      problem: status.problem,
      problemAt: toIsoOrNull(status.problemAt),
      lastSentAt: toIsoOrNull(status.lastSentAt),
    },
  };
}

/** Saves the business's own mail server; messages waiting for one are tried at once. */
export async function changeMailSettings(trx: Tx, app: MailDeps, businessId: number, input: MailSettingsInput) {
  const existing = await findMailSettings(trx, businessId);
  const now = app.clock.now();
  const password = input.password === undefined ? (existing?.password ?? null) : input.password ? app.secretBox.seal(input.password) : null;
  await saveMailSettings(trx, {
    business_id: businessId,
    host: input.host.trim(),
    port: input.port,
    tls: input.tls,
    username: input.username?.trim() || null,
    password,
    from_address: input.fromAddress?.trim() || null,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
  const fields = (row: typeof existing) =>
    row && {
      host: row.host,
      port: row.port,
      tls: row.tls,
      username: row.username,
      fromAddress: row.from_address,
      password: row.password ? 'set' : null,
    };
  const after = { host: input.host.trim(), port: input.port, tls: input.tls, username: input.username?.trim() || null };
  const target = { kind: 'mail_settings', id: businessId };
  await recordAudit(trx, {
    businessId,
    action: 'mail_settings.updated',
    target,
    before: fields(existing),
    after: { ...after, fromAddress: input.fromAddress?.trim() || null, password: password ? 'set' : null },
    secret: ['password'],
  });
  await retryWaiting(trx, app, businessId, now);
}

/** Forgets the business's own mail server (BOOKING_SMTP_URL, if the server has one, takes over). */
export async function removeMailSettings(trx: Tx, app: MailDeps, businessId: number): Promise<void> {
  if (!(await deleteMailSettings(trx, businessId))) throw errors.notFound('Mail settings');
  await recordAudit(trx, {
    businessId,
    action: 'mail_settings.deleted',
    target: { kind: 'mail_settings', id: businessId },
    before: { set: true },
  });
  await retryWaiting(trx, app, businessId, app.clock.now());
}

async function retryWaiting(trx: Tx, app: MailDeps, businessId: number, now: number): Promise<void> {
  if ((await makeWaitingDue(trx, businessId, now)) > 0) app.database.afterCommit(trx, () => app.mail.wake());
}

/**
 * Sends one e-mail to `to` now, through the mail server messages would use, and says in one
 * sentence what happened: the salon's check that its settings work.
 */
export async function sendTestMail(app: Pick<MailDeps, 'db' | 'secretBox' | 'config'>, businessId: number, to: string) {
  const business = await findBusiness(app.db, businessId);
  if (!business) throw errors.notFound('Business');
  const server = await mailServerFor(app.db, { secretBox: app.secretBox, smtpUrl: app.config.smtpUrl }, businessId);
  if (!server) return { sent: false, message: 'No mail server is set up yet: fill in the form above first.' };
  const from = server.from ?? business.email;
  if (!from) return { sent: false, message: 'There is no sender address: give the salon an e-mail address above, or a sender address.' };
  const words = wordingFor(business.page_locale);
  const outcome = await sendThrough(
    server,
    {
      from: { name: business.name, address: from },
      to,
      subject: words.test.subject(business.name),
      text: words.test.body(business.name, from),
    },
    from,
  );
  if (outcome.kind === 'sent')
    return { sent: true, message: `Sent a test e-mail to ${to} from ${from}. If it does not arrive, look in the spam folder.` };
  return { sent: false, message: outcome.sentence };
}
