import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { transportOptions, type MailServer } from './mail-server.ts';

/**
 * What became of one message at the mail server:
 * - `sent`: accepted;
 * - `refused`: the client's address refused for good (5xx to RCPT TO): marked, never tried again;
 * - `rejected`: the message refused for good (5xx to its content): not tried again;
 * - `waiting`: not this time (no connection, a wrong password or TLS setting, the sender refused,
 *   a 4xx): tried again later; `sentence` says why in words for the salon.
 */
export type Outcome =
  | { readonly kind: 'sent'; readonly response: string }
  | { readonly kind: 'refused'; readonly sentence: string }
  | { readonly kind: 'rejected'; readonly sentence: string }
  | { readonly kind: 'waiting'; readonly sentence: string };

/** Sends `message` from the address `from` through `server`, on a connection of its own; never throws. */
export async function sendThrough(server: MailServer, message: Mail.Options, from: string): Promise<Outcome> {
  const transport = nodemailer.createTransport(transportOptions(server));
  try {
    const info = await transport.sendMail(message);
    return { kind: 'sent', response: String(info.response ?? '') };
  } catch (error) {
    return outcomeOf(error as SmtpError, server, from);
  } finally {
    transport.close();
  }
}

interface SmtpError extends Error {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

/** One sentence for the salon from what nodemailer reports, and whether to try again. */
export function outcomeOf(error: SmtpError, server: Pick<MailServer, 'host' | 'port'>, from: string): Outcome {
  const where = `${server.host}, port ${server.port}`;
  const answer = (error.response ?? error.message).trim().replace(/\s+/g, ' ').slice(0, 300);
  const message = error.message ?? '';
  const code = error.responseCode;
  if (error.code === 'EAUTH') return waiting(`The mail server refused the user name or password (${answer}).`);
  if (error.code === 'EDNS' || /ENOTFOUND|EAI_AGAIN/.test(message))
    return waiting(`There is no mail server called ${server.host}: check the host name.`);
  if (/ECONNREFUSED/.test(message)) return waiting(`Nothing answers at ${where}: check the host and the port.`);
  if (/certificate|self[- ]signed|CERT_|altnames/i.test(message)) {
    return waiting(`The mail server at ${where} showed a certificate that is not valid for it (${message.trim()}).`);
  }
  if (error.code === 'ETLS' || /wrong version number|SSL routines|EPROTO|handshake|packet length/i.test(message)) {
    return waiting(
      `The TLS setting does not match the mail server at ${where}: port 587 usually takes STARTTLS, port 465 TLS from the start.`,
    );
  }
  if (error.code === 'ETIMEDOUT' || /timeout|timed out/i.test(message)) {
    return waiting(`The mail server at ${where} did not answer in time: check the host, the port and the TLS setting.`);
  }
  if (error.command === 'MAIL FROM') return waiting(`The mail server refused the sender address ${from} (${answer}).`);
  if (code !== undefined && code >= 500 && code < 600) {
    if (error.code === 'EENVELOPE' && error.command === 'RCPT TO')
      return { kind: 'refused', sentence: `The client's mail server refused the address (${answer}).` };
    return { kind: 'rejected', sentence: `The mail server refused the message (${answer}).` };
  }
  if (code !== undefined && code >= 400 && code < 500) return waiting(`The mail server asked to try again later (${answer}).`);
  return waiting(`Could not reach the mail server at ${where} (${message.trim() || 'no reason given'}).`);
}

function waiting(sentence: string): Outcome {
  return { kind: 'waiting', sentence };
}
