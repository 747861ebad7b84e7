import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_HOURS, type WeeklyHours } from '../src/businesses/hours.ts';
import { localInstant, toLocalIso, weekdayOf } from '../src/businesses/local-time.ts';
import { freeSlots, type StaffAvailability } from '../src/slots/slots.ts';
import { scheduleFromHours, type WeeklySchedule } from '../src/staff/schedule.ts';

const ZONE = 'Europe/Berlin';
const ALL_DAY: WeeklyHours = {
  mon: [{ start: '00:00', end: '24:00' }],
  tue: [{ start: '00:00', end: '24:00' }],
  wed: [{ start: '00:00', end: '24:00' }],
  thu: [{ start: '00:00', end: '24:00' }],
  fri: [{ start: '00:00', end: '24:00' }],
  sat: [{ start: '00:00', end: '24:00' }],
  sun: [{ start: '00:00', end: '24:00' }],
};

function slots(
  date: string,
  staff: StaffAvailability[],
  options: { duration?: number; step?: number; opening?: WeeklyHours; notBefore?: number } = {},
) {
  return freeSlots({
    date,
    weekday: weekdayOf(date, ZONE),
    zone: ZONE,
    opening: options.opening ?? DEFAULT_HOURS,
    stepMinutes: options.step ?? 15,
    durationMinutes: options.duration ?? 30,
    staff,
    notBefore: options.notBefore ?? 0,
  }).map((s) => `${toLocalIso(s.startAt, ZONE).slice(11, 16)}${toLocalIso(s.startAt, ZONE).slice(23)} ${s.staffIds.join(',')}`);
}

const anna = (schedule: WeeklySchedule = scheduleFromHours(DEFAULT_HOURS), busy: [number, number][] = []) => ({ id: 1, schedule, busy });
const withDay = (schedule: WeeklySchedule, day: keyof WeeklySchedule, value: WeeklySchedule['mon']): WeeklySchedule => ({ ...schedule, [day]: value });

describe('free slots', () => {
  it('steps through working hours so the service fits before closing', () => {
    const result = slots('2026-11-23', [anna()], { duration: 45 });
    assert.equal(result[0], '09:00+01:00 1');
    assert.equal(result.at(-1), '17:15+01:00 1', 'a 45-minute service must end by 18:00');
    assert.equal(result.length, 34);
  });

  it('offers nothing on a day off', () => {
    assert.deepEqual(slots('2026-11-22', [anna()]), [], 'Sunday');
  });

  it('leaves out breaks, and services that would run into them', () => {
    const schedule = withDay(scheduleFromHours(DEFAULT_HOURS), 'mon', {
      hours: [{ start: '09:00', end: '18:00' }],
      breaks: [{ start: '13:00', end: '13:30' }],
    });
    const result = slots('2026-11-23', [anna(schedule)], { duration: 30 });
    assert.ok(result.includes('12:30+01:00 1'));
    assert.ok(!result.includes('12:45+01:00 1'), 'would run into the break');
    assert.ok(!result.includes('13:00+01:00 1'));
    assert.ok(!result.includes('13:15+01:00 1'));
    assert.ok(result.includes('13:30+01:00 1'));
  });

  it('keeps staff hours inside opening hours', () => {
    const schedule = withDay(scheduleFromHours(DEFAULT_HOURS), 'mon', { hours: [{ start: '07:00', end: '20:00' }], breaks: [] });
    const result = slots('2026-11-23', [anna(schedule)]);
    assert.equal(result[0], '09:00+01:00 1');
    assert.equal(result.at(-1), '17:30+01:00 1');
  });

  it('skips times that overlap a booking, by the whole service duration', () => {
    const busy: [number, number][] = [[localInstant('2026-11-23', '10:00', ZONE), localInstant('2026-11-23', '11:00', ZONE)]];
    const result = slots('2026-11-23', [anna(undefined, busy)], { duration: 45 });
    assert.ok(result.includes('09:15+01:00 1'), '09:15–10:00 ends as the booking starts');
    assert.ok(!result.includes('09:30+01:00 1'));
    assert.ok(!result.includes('10:45+01:00 1'));
    assert.ok(result.includes('11:00+01:00 1'));
  });

  it('merges staff: a time is offered while anyone can take it', () => {
    const ben = { id: 2, schedule: scheduleFromHours(DEFAULT_HOURS), busy: [] as [number, number][] };
    const busy: [number, number][] = [[localInstant('2026-11-23', '09:00', ZONE), localInstant('2026-11-23', '10:00', ZONE)]];
    const result = slots('2026-11-23', [anna(undefined, busy), ben]);
    assert.equal(result[0], '09:00+01:00 2');
    assert.ok(result.includes('10:00+01:00 1,2'));
  });

  it('offers nothing that has started already', () => {
    const notBefore = localInstant('2026-11-23', '12:00', ZONE);
    const result = slots('2026-11-23', [anna()], { notBefore });
    assert.equal(result[0], '12:15+01:00 1');
  });

  it('gets the spring DST change right: no slot in the skipped hour, real durations', () => {
    // 2026-03-29 in Berlin: 02:00 becomes 03:00.
    const schedule = withDay(scheduleFromHours(ALL_DAY), 'sun', { hours: [{ start: '01:00', end: '04:00' }], breaks: [] });
    const result = slots('2026-03-29', [anna(schedule)], { opening: ALL_DAY, duration: 60, step: 30 });
    assert.deepEqual(result, ['01:00+01:00 1', '01:30+01:00 1', '03:00+02:00 1']);
  });

  it('gets the autumn DST change right: the repeated hour is offered twice, with its two offsets', () => {
    // 2026-10-25 in Berlin: 03:00 becomes 02:00 again.
    const schedule = withDay(scheduleFromHours(ALL_DAY), 'sun', { hours: [{ start: '01:00', end: '04:00' }], breaks: [] });
    const result = slots('2026-10-25', [anna(schedule)], { opening: ALL_DAY, duration: 60, step: 30 });
    assert.deepEqual(result, [
      '01:00+02:00 1',
      '01:30+02:00 1',
      '02:00+02:00 1',
      '02:30+02:00 1',
      '02:00+01:00 1',
      '02:30+01:00 1',
      '03:00+01:00 1',
    ]);
  });

  it('works in other zones, and a day of 09:00–18:00 is 9 hours on a DST day too', () => {
    const zone = 'America/New_York';
    const opening = DEFAULT_HOURS;
    const date = '2026-03-08'; // a Sunday, DST starts at 02:00
    const schedule = withDay(scheduleFromHours(opening), 'sun', { hours: [{ start: '09:00', end: '18:00' }], breaks: [] });
    const result = freeSlots({
      date,
      weekday: weekdayOf(date, zone),
      zone,
      opening: { ...opening, sun: [{ start: '09:00', end: '18:00' }] },
      stepMinutes: 60,
      durationMinutes: 60,
      staff: [{ id: 1, schedule, busy: [] }],
      notBefore: 0,
    });
    assert.equal(result.length, 9);
    assert.equal(toLocalIso(result[0]!.startAt, zone), '2026-03-08T09:00:00.000-04:00');
  });
});
