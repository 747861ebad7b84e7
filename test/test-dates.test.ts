import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { nextWorkingDay } from '../src/demo/demo.ts';
import { salonTime, workday, workdays } from './helpers/dates.ts';

/** An instant given as a wall-clock time in `zone`. */
const at = (local: string, zone = 'Europe/Berlin') => DateTime.fromISO(local, { zone }).toMillis();

describe('the dates tests book on, whatever day the suite runs', () => {
  it('skips the salon’s closed Sunday, and counts from the local date, not the UTC one', () => {
    assert.equal(workday(at('2026-11-26T10:00')), '2026-11-27', 'Thursday → Friday');
    assert.equal(workday(at('2026-11-28T10:00')), '2026-11-30', 'Saturday → Monday');
    // 23:30 on Saturday in Berlin is 22:30 UTC, still Saturday in UTC; Sunday 00:30 is Saturday in UTC.
    assert.equal(workday(at('2026-11-28T23:30')), '2026-11-30');
    assert.equal(workday(at('2026-11-29T00:30')), '2026-11-30', 'Sunday just after midnight → Monday');
    assert.deepEqual(workdays(at('2026-11-26T10:00'), 5, { daysAhead: 1 }), [
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('is right across month and year ends and 29 February', () => {
    assert.equal(workday(at('2026-11-30T12:00')), '2026-12-01');
    assert.equal(workday(at('2026-12-31T23:30')), '2027-01-01');
    assert.equal(workday(at('2028-02-28T12:00')), '2028-02-29');
    assert.equal(workday(at('2028-02-29T12:00')), '2028-03-01');
    assert.deepEqual(workdays(at('2027-02-26T12:00'), 3, { daysAhead: 1 }), ['2027-02-27', '2027-03-01', '2027-03-02']);
  });

  it('is right on both daylight-saving changes, in Berlin and in New York', () => {
    // Berlin: 2027-03-28 has 23 hours, 2027-10-31 has 25. A day of 24 hours added at 23:30 would
    // skip the short day or land twice on the long one.
    assert.equal(workday(at('2027-03-27T23:30'), { closed: [] }), '2027-03-28');
    assert.equal(workday(at('2027-03-28T23:30'), { closed: [] }), '2027-03-29');
    assert.equal(workday(at('2027-10-31T00:30'), { closed: [] }), '2027-11-01');
    assert.equal(workday(at('2027-10-30T23:30'), { closed: [] }), '2027-10-31');
    const ny = { zone: 'America/New_York', closed: [] } as const;
    assert.equal(workday(at('2027-03-13T23:30', ny.zone), ny), '2027-03-14');
    assert.equal(workday(at('2027-03-14T00:30', ny.zone), ny), '2027-03-15');
    assert.equal(workday(at('2026-11-01T00:30', ny.zone), ny), '2026-11-02', 'the 25-hour day is one day');
    assert.equal(salonTime('2027-03-27', '10:00'), '2027-03-27T10:00:00+01:00');
    assert.equal(salonTime('2027-03-28', '10:00'), '2027-03-28T10:00:00+02:00');
    assert.equal(salonTime('2027-11-07', '09:00', 'America/New_York'), '2027-11-07T09:00:00-05:00');
    assert.throws(() => salonTime('2027-03-28', '02:30'), /does not exist/, 'a time in the spring gap');
  });

  it('gives distinct open days in order, at least daysAhead away, on every day of four years', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York']) {
      for (let day = DateTime.fromISO('2026-01-01', { zone }); day.year < 2030; day = day.plus({ days: 1 })) {
        for (const time of [{ hour: 0, minute: 30 }, { hour: 12 }, { hour: 23, minute: 30 }]) {
          const now = day.set(time).toMillis();
          const days = workdays(now, 6, { daysAhead: 14, zone });
          assert.equal(new Set(days).size, 6);
          assert.deepEqual([...days].sort(), days);
          const first = DateTime.fromISO(days[0]!, { zone });
          assert.equal(first.diff(day.startOf('day'), 'days').days >= 14, true, `${day.toISODate()}: ${days[0]}`);
          for (const date of days) assert.notEqual(DateTime.fromISO(date, { zone }).weekday, 7, `${date} is a Sunday`);
          if (zone === 'Europe/Berlin') assert.equal(nextWorkingDay(now), workday(now), 'the demo counts its days the same way');
        }
      }
    }
  });
});
