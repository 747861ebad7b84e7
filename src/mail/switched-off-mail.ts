import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/transaction.ts';
import type { SwitchOffListener } from '../delivery/record.ts';
import { findBusiness } from '../businesses/businesses.repository.ts';
import { findSwitchedOff } from '../webhooks/switched-off.repository.ts';
import { toSwitchedOffJson } from '../webhooks/switched-off.ts';
import { escapeHtml } from './compose.ts';
import type { MailQueueDeps } from './mail-queue.ts';
import { mailServerFor } from './mail-server.ts';
import { insertMessage } from './sql/insert-message.ts';
import { whenText, type Salon } from './visit.ts';
import { wordingFor } from './wording.ts';

/** What the owner's message tells of, kept on the queue as it was at the switch-off: the overview's notice and the count. */
export type SwitchedOffNotice = ReturnType<typeof toSwitchedOffJson> & { consecutiveFailures: number };

/**
 * Queues the owner's e-mail about a webhook just switched off, in the transaction that switches it
 * off: one per switch-off, neither lost nor repeated by a crash. Only when the salon has an e-mail
 * address and a mail server: otherwise nothing is queued, and the overview's notice is how the
 * salon learns of it.
 */
export function mailOnSwitchOff(deps: MailQueueDeps): SwitchOffListener {
  return async (trx: Tx, webhookId: number, at: number) => {
    const row = await findSwitchedOff(trx, webhookId);
    if (!row) return;
    const business = await findBusiness(trx, row.business_id);
    if (!business?.email || !(await mailServerFor(trx, deps, row.business_id))) return;
    const notice: SwitchedOffNotice = { ...toSwitchedOffJson(row), consecutiveFailures: row.consecutive_failures };
    await insertMessage(trx, {
      business_id: row.business_id,
      booking_id: null,
      event_id: null,
      kind: 'switched_off',
      recipient: business.email,
      message_id: `<${randomBytes(16).toString('base64url')}@${deps.messageIdHost}>`,
      data: JSON.stringify(notice),
      manage_token: null,
      status: 'pending',
      due_at: at,
      error: null,
      created_at: at,
      updated_at: at,
    });
    deps.database.afterCommit(trx, deps.onQueued);
  };
}

/** The owner's message, in the salon's language: which connection, since when, the last error, what to do, the link. */
export function composeSwitchedOff(notice: SwitchedOffNotice, salon: Salon, connectionsUrl: string) {
  const words = wordingFor(salon.locale).switchedOff;
  const when = whenText(Date.parse(notice.disabledAt ?? ''), salon);
  const what = words.what(notice.name, when, notice.consecutiveFailures);
  const error = notice.lastError ? `${words.lastError}: ${notice.lastError}` : null;
  const text = [what, error, words.todo, `${words.link}: ${connectionsUrl}`, words.signOff(salon.name)]
    .filter((part) => part !== null)
    .map((part) => `${part}\n`)
    .join('\n');
  const p = (part: string) => `<p style="margin:0 0 12px">${escapeHtml(part)}</p>`;
  const html = [
    `<!doctype html><html lang="${escapeHtml(salon.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(salon.name)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1f;max-width:560px;margin:0 auto;padding:16px">',
    p(what),
    error ? p(error) : '',
    p(words.todo),
    `<p style="margin:0 0 12px"><a href="${escapeHtml(connectionsUrl)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(words.link)}</a></p>`,
    p(words.signOff(salon.name)),
    '</body></html>',
  ].join('\n');
  return { subject: words.subject(notice.name), text, html };
}
