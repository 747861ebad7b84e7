import pg from 'pg';
import { maskDatabaseUrl } from '../../config.ts';
import { InstanceLockedError, type InstanceLock } from '../instance-lock.ts';
import { clientConfig } from './connection.ts';

/** The session-level advisory lock that stands for SQLite's server.lock: one server per database, for now. */
export const INSTANCE_LOCK_ID = 7_140_311_011;

/**
 * Takes the server lock of a PostgreSQL database on a connection of its own, held for as long as
 * the server runs; PostgreSQL lets go of it when that session ends, however the process ends.
 * Several instances on one database are not supported yet (the delivery engine releases every
 * lease at start, which is only right when it is alone), so a second server is refused.
 *
 * If the connection drops (the database restarted), the lock went with it: it is taken again on a
 * new connection as soon as the database is back, and `onLost` hears if someone else got it first.
 */
export async function acquirePostgresInstanceLock(url: string, onLost: (error: Error) => void): Promise<InstanceLock> {
  let released = false;
  let client: pg.Client | undefined;
  const take = async (): Promise<pg.Client> => {
    const next = new pg.Client(clientConfig(url));
    next.on('error', () => undefined);
    await next.connect();
    try {
      const { rows } = await next.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [INSTANCE_LOCK_ID]);
      if (!rows[0]!.locked) {
        throw new InstanceLockedError(
          `another booking-api server is already running on the PostgreSQL database ${maskDatabaseUrl(url)}; several instances on one database are not supported yet`,
        );
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      if (released || client !== next) return;
      client = undefined;
      retake(0);
    });
    return next;
  };
  const retake = (attempt: number) => {
    setTimeout(
      () => {
        if (released) return;
        take().then(
          (next) => {
            if (released) void next.end().catch(() => undefined);
            else client = next;
          },
          (error: Error) => {
            if (error instanceof InstanceLockedError) onLost(error);
            else retake(attempt + 1);
          },
        );
      },
      Math.min(2_000, 100 * 2 ** attempt),
    ).unref();
  };
  client = await take();
  return {
    release: async () => {
      released = true;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
