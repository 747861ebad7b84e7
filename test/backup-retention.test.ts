import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { RunOutcome } from '../src/backups/backups.service.ts';
import { TestApp, tempDataDir } from './helpers/app.ts';
import { TestClock } from './helpers/clock.ts';
import { makeSalon, TEST_NOW } from './helpers/salon.ts';

/*
 * Issue 28: the backup folder keeps the newest backup of each of the last 7 days, 4 weeks and 12
 * months (BOOKING_BACKUP_KEEP), in the salon's time zone, and never loses the newest. A year of
 * real nightly backups by the server's own Backups service, on the test clock.
 */

function good(outcome: RunOutcome): RunOutcome & { file: string } {
  assert.equal(outcome.status, 'good', outcome.error ?? '');
  return outcome as RunOutcome & { file: string };
}

describe('retention', () => {
  it('keeps the newest of the last 7 days, 4 weeks and 12 months across a simulated year, and always the newest', async () => {
    const zone = 'Europe/Berlin';
    const first = DateTime.fromISO('2027-01-01T03:00', { zone });
    const clock = new TestClock(first.toMillis());
    const folder = tempDataDir();
    const app = await TestApp.start({ clock, config: { backupDir: folder } });
    try {
      await makeSalon(app, 'Salon', zone);
      const names = () => fs.readdirSync(folder).sort();
      const local = (name: string) =>
        DateTime.fromISO(name.replace(/^booking-(.*)T(\d\d)-(\d\d)-(\d\d)\.(\d+)Z\.backup$/, '$1T$2:$3:$4.$5Z'))
          .setZone(zone)
          .toISODate();
      for (let day = 0; day < 365; day++) {
        clock.set(first.plus({ days: day }).toMillis());
        good(await app.context.backups.run('schedule'));
        const kept = names();
        assert.ok(kept.length <= 7 + 4 + 12, `day ${day}: ${kept.length} kept`);
        assert.equal(local(kept.at(-1)!), first.plus({ days: day }).toISODate(), `day ${day}: the newest is kept`);
      }
      // 2027-12-31 is a Friday. Daily: 25–31 Dec. Weekly (ISO weeks 49–52): Sundays 12, 19 and
      // 26 Dec, and the 31st. Monthly: each month's last day, January to December.
      const monthEnds = ['01-31', '02-28', '03-31', '04-30', '05-31', '06-30', '07-31', '08-31', '09-30', '10-31', '11-30'];
      const expected = [...monthEnds.map((d) => `2027-${d}`), '2027-12-12', '2027-12-19', '2027-12-25', '2027-12-26', '2027-12-27']
        .concat(['2027-12-28', '2027-12-29', '2027-12-30', '2027-12-31'])
        .sort();
      assert.deepEqual(names().map(local), expected);

      // Three weeks off, then one backup: the seven daily ones are still seven days that had one.
      clock.set(DateTime.fromISO('2028-01-21T03:00', { zone }).toMillis());
      good(await app.context.backups.run('schedule'));
      const daily = names().map(local).slice(-7);
      assert.deepEqual(daily, ['2027-12-26', '2027-12-27', '2027-12-28', '2027-12-29', '2027-12-30', '2027-12-31', '2028-01-21']);
    } finally {
      await app.stop();
    }
  });

  it('never deletes the newest backup, even when the rules keep nothing', async () => {
    const clock = new TestClock(TEST_NOW);
    const folder = tempDataDir();
    const app = await TestApp.start({ clock, config: { backupDir: folder, backupKeep: { daily: 0, weekly: 0, monthly: 0 } } });
    try {
      await makeSalon(app);
      for (let i = 0; i < 3; i++) {
        clock.advance(3600_000);
        const run = good(await app.context.backups.run('schedule'));
        assert.deepEqual(fs.readdirSync(folder), [path.basename(run.file)]);
      }
    } finally {
      await app.stop();
    }
  });
});
