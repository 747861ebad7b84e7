// Baseline for the mail scenario: nodemailer alone sending `count` messages of the sample's parts
// (text, HTML, calendar invitation) to distinct recipients, `concurrency` at a time, each on a
// connection of its own as src/mail/send.ts sends them. The SMTP sink is the clock; this process
// only sends, then exits.
import nodemailer from 'nodemailer';
import type { Sample } from '../lib/smtp-sink.ts';

const { port, count, concurrency, sample } = JSON.parse(process.argv[2]!) as {
  port: number;
  count: number;
  concurrency: number;
  sample: Sample;
};

let next = 0;
let failures = 0;
async function worker(): Promise<void> {
  while (next < count) {
    const i = next++;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: { name: 'Bench salon', address: 'salon@bench.test' },
        to: { name: `Client ${i}`, address: `b${i}@bench.test` },
        subject: sample.subject,
        text: sample.text,
        html: sample.html,
        icalEvent: { method: sample.method, filename: 'appointment.ics', content: sample.calendar },
      });
    } catch {
      failures += 1;
    } finally {
      transport.close();
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
process.send!({ sent: count - failures, failures }, () => process.exit(0));
