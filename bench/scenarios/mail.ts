import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { BatchReport } from '../lib/smtp-sink.ts';
import { message, ROOT, spawnNode, startServer, stop } from '../lib/processes.ts';
import type { Row, Scenario } from '../lib/scenario.ts';
import { median, round } from '../lib/stats.ts';
import { bookingsFixture, postBookings } from './bookings.ts';
import { UNLIMITED } from './services.ts';

/** src/mail/mail-engine.ts's CONCURRENCY: the baseline sends as many at once. */
const CONCURRENCY = 4;
/**
 * Beyond nodemailer's work, each of ours is claimed in a transaction (4 at a time), looks up its
 * salon and mail server, unseals its manage link, composes text, HTML and calendar, and is
 * recorded in a commit of its own: half the bare sending rate leaves room for that, no more.
 */
const GOAL = 0.5;

/**
 * One batch through the sink: it holds the sender's first connections before their greeting,
 * `queue` fills the sender's queue meanwhile, then the sink greets them and times the batch.
 */
async function batch(sink: ChildProcess, count: number, queue: () => Promise<void>): Promise<BatchReport> {
  const held = message(sink, (m) => m.held !== undefined, 60_000);
  sink.send({ batch: count });
  await queue();
  await held;
  const done = message<{ done: BatchReport }>(sink, (m) => m.done !== undefined, 300_000);
  sink.send({ go: true });
  return (await done).done;
}

export const mailScenario: Scenario = {
  name: 'mail',
  description:
    'Confirmation e-mails/s from the mail queue to a real SMTP server on 127.0.0.1 (smtp-server in its own process, greeting at once), 4 on the wire, a connection each; ' +
    'the bookings that queue them are made while the server holds the first 4 connections before its greeting, so only the sending is timed (greeting to the last arrival), ' +
    'vs nodemailer alone sending as many messages of the same parts to the same server, 4 at a time, a connection each',
  async run({ rounds, quick }) {
    const perRound = quick ? 500 : 2000;
    const { dir, key, bodyFiles } = await bookingsFixture(rounds, perRound);
    const sink = spawnNode(path.join(ROOT, 'bench/lib/smtp-sink.ts'), [], 1);
    const { port } = await message<{ port: number }>(sink, (m) => m.port !== undefined);
    const server = await startServer(dir, {
      ...UNLIMITED,
      BOOKING_SMTP_URL: `smtp://127.0.0.1:${port}?tls=none&from=salon@bench.test`,
    });
    const ours: number[] = [];
    const baseline: number[] = [];
    let bytes = 0;
    try {
      for (let r = 0; r < rounds; r++) {
        const mailed = await batch(sink, perRound, async () => {
          await postBookings(server.url, key, bodyFiles[r]!);
        });
        ours.push(mailed.perSecond);
        bytes = mailed.bytes;
        let finished: Promise<{ failures: number }> | undefined;
        const sent = await batch(sink, perRound, async () => {
          const spec = { port, count: perRound, concurrency: CONCURRENCY, sample: mailed.sample };
          const sender = spawnNode(path.join(ROOT, 'bench/baselines/nodemailer-send.ts'), [JSON.stringify(spec)], 0);
          finished = message<{ failures: number }>(sender, (m) => m.failures !== undefined);
        });
        const { failures } = await finished!;
        if (failures) throw new Error(`the baseline failed to send ${failures} messages`);
        baseline.push(sent.perSecond);
        console.error(
          `  round ${r + 1}: ours ${round(mailed.perSecond, 0)}/s (${mailed.bytes} B), baseline ${round(sent.perSecond, 0)}/s (${sent.bytes} B)`,
        );
      }
    } finally {
      await stop(server.child);
      await stop(sink);
    }
    const ratio = median(ours) / median(baseline);
    return [
      {
        scenario: 'mail',
        metric: `e-mails/s (~${round(bytes / 1024, 0)} KiB each)`,
        ours: round(median(ours), 0),
        baseline: round(median(baseline), 0),
        ratio: round(ratio),
        unit: '/s',
        goal: `≥ ${GOAL.toFixed(2)}`,
        met: ratio >= GOAL,
        rounds: { ours: ours.map((v) => round(v, 0)), baseline: baseline.map((v) => round(v, 0)) },
      },
    ] satisfies Row[];
  },
};
