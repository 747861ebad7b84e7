// A real SMTP server (the `smtp-server` package) on 127.0.0.1 in its own process, for the mail
// scenario. It accepts every message, keeps none but the first of a batch, and is the clock:
//   parent → {batch: N}  hold new connections before their greeting, count from 0
//   child  → {held: 4}   once HELD connections wait (the sender has its 4 on the wire)
//   parent → {go: true}  greet the held connections; the clock starts
//   child  → {done: {seconds, perSecond, bytes, sample}} when the Nth message has arrived whole
// Holding the greeting lets a sender queue its whole batch first, so only the sending is timed.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

// smtp-server greets each connection after a fixed 100 ms, to catch clients that talk first. With
// a connection per message, that pause alone capped 4 connections at about 25 messages/s for ours
// and the baseline alike, hiding what is measured. A submission port (587, what a salon's server
// sends through) greets at once, so the sink does too.
SMTPConnection.prototype.init = function (this: SMTPConnection) {
  this._setListeners(() => this.connectionReady());
};

/** Connections held before the clock starts: the mail queue's concurrency. */
const HELD = 4;

/** The parts of a message a baseline needs to send one of the same size and shape. */
export interface Sample {
  subject: string;
  text: string;
  html: string;
  calendar: string;
  /** The invitation's METHOD (REQUEST, CANCEL, PUBLISH). */
  method: string;
}

export interface BatchReport {
  seconds: number;
  perSecond: number;
  /** Mean size of a message on the wire. */
  bytes: number;
  sample: Sample;
}

let expected = 0;
let arrived = 0;
let totalBytes = 0;
let firstRaw: Buffer | undefined;
let held: (() => void)[] | undefined;
let started = 0;

const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  disableReverseLookup: true,
  logger: false,
  size: 10 * 1024 * 1024,
  onConnect: (_session, callback) => {
    if (!held) return callback();
    held.push(() => callback());
    if (held.length === HELD) process.send!({ held: HELD });
  },
  onData: (stream, _session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      arrived += 1;
      totalBytes += raw.length;
      firstRaw ??= raw;
      callback();
      if (arrived === expected) void report((performance.now() - started) / 1000);
    });
  },
});

async function report(seconds: number): Promise<void> {
  const mail = await simpleParser(firstRaw!);
  const calendar = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const sample: Sample = {
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    calendar: calendar ? calendar.content.toString('utf8') : '',
    method: calendar ? (/^METHOD:(\S+)/m.exec(calendar.content.toString('utf8'))?.[1] ?? 'REQUEST') : 'REQUEST',
  };
  const done: BatchReport = { seconds, perSecond: expected / seconds, bytes: Math.round(totalBytes / arrived), sample };
  process.send!({ done });
}

process.on('message', (m: { batch?: number; go?: boolean }) => {
  if (m.batch !== undefined) {
    expected = m.batch;
    arrived = 0;
    totalBytes = 0;
    firstRaw = undefined;
    held = [];
  } else if (m.go) {
    const waiting = held ?? [];
    held = undefined;
    started = performance.now();
    for (const greet of waiting) greet();
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.server.address() as AddressInfo).port }));
