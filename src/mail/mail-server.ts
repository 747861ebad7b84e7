import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailSettingsRow, TlsMode } from '../db/tables.ts';
import type { Db, Tx } from '../db/transaction.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { findMailSettings } from './mail-settings.repository.ts';

/** The mail server a business's messages go through: its own (Settings) or the server's (BOOKING_SMTP_URL). */
export interface MailServer {
  readonly source: 'salon' | 'server';
  readonly host: string;
  readonly port: number;
  readonly tls: TlsMode;
  readonly username: string | null;
  readonly password: string | null;
  /** The sender; null: the salon's e-mail address. */
  readonly from: string | null;
}

/** How long the mail server may take to connect, to greet, and to answer each command. */
const CONNECT_MS = 15_000;
const SOCKET_MS = 30_000;

/** The longest one message can take on the wire: the mail queue's lease outlasts it. */
export const LONGEST_SEND_MS = CONNECT_MS * 2 + SOCKET_MS * 6;

/** BOOKING_SMTP_URL (validated by config.ts): smtp:// is STARTTLS on 587, smtps:// TLS on 465, ?tls=none plain. */
export function serverFromUrl(raw: string): MailServer {
  const url = new URL(raw);
  const secure = url.protocol === 'smtps:';
  return {
    source: 'server',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    tls: secure ? 'tls' : url.searchParams.get('tls') === 'none' ? 'none' : 'starttls',
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    from: url.searchParams.get('from'),
  };
}

export function serverFromRow(row: MailSettingsRow, box: SecretBox): MailServer {
  return {
    source: 'salon',
    host: row.host,
    port: row.port,
    tls: row.tls,
    username: row.username,
    password: row.password === null ? null : box.open(row.password),
    from: row.from_address,
  };
}

/** The business's mail server, or undefined when it has none and the server none either. */
export async function mailServerFor(
  db: Db | Tx,
  deps: { readonly secretBox: SecretBox; readonly smtpUrl: string | undefined },
  businessId: number,
): Promise<MailServer | undefined> {
  const row = await findMailSettings(db, businessId);
  if (row) return serverFromRow(row, deps.secretBox);
  return deps.smtpUrl ? serverFromUrl(deps.smtpUrl) : undefined;
}

/** nodemailer's options for `server`: one connection per message, bounded in time. */
export function transportOptions(server: MailServer): SMTPTransport.Options {
  return {
    host: server.host,
    port: server.port,
    secure: server.tls === 'tls',
    requireTLS: server.tls === 'starttls',
    ignoreTLS: server.tls === 'none',
    auth: server.username ? { user: server.username, pass: server.password ?? '' } : undefined,
    connectionTimeout: CONNECT_MS,
    greetingTimeout: CONNECT_MS,
    socketTimeout: SOCKET_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
