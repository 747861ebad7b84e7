import { sql } from 'kysely';
import type { Db } from '../../db/transaction.ts';

/** A business's mail queue at a glance: messages waiting, the latest reason one waits, the last one sent. */
export async function queueStatus(db: Db, businessId: number) {
  const [waiting, problem, sent] = await Promise.all([
    db
      .selectFrom('mail_messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('business_id', '=', businessId)
      .where('status', '=', sql.lit('pending'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mail_messages')
      .select(['error', 'updated_at'])
      .where('business_id', '=', businessId)
      .where('status', '=', sql.lit('pending'))
      .where('error', 'is not', null)
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('mail_messages')
      .select((eb) => eb.fn.max('sent_at').as('at'))
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    waiting: Number(waiting.count),
    problem: problem?.error ?? null,
    problemAt: problem?.updated_at ?? null,
    lastSentAt: sent.at === null ? null : Number(sent.at),
  };
}
