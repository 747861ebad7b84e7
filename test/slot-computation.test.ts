import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_HOURS, type WeeklyHours } from '../src/businesses/hours.ts';
import { localInstant, toLocalIso, weekdayOf } from '../src/businesses/local-time.ts';
import fc from 'fast-check';
import { freeSlotAt, freeSlots, type SlotQuery, type StaffAvailability } from '../src/slots/slots.ts';
import { scheduleFromHours, scheduleProblem, type WeeklySchedule } from '../src/staff/schedule.ts';

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

describe('the slot at one time (the check before a booking)', () => {
  const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 10, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const range = fc.tuple(time, time).filter(([a, b]) => a < b).map(([start, end]) => ({ start, end }));
  const member = (id: number) =>
    fc.record({
      id: fc.constant(id),
      schedule: fc.record({ hours: fc.array(range, { maxLength: 2 }), breaks: fc.array(range, { maxLength: 1 }) }).map((day) => ({
        ...scheduleFromHours(ALL_DAY),
        mon: day,
        sun: day, // 2026-03-29 and 2026-10-25 are Sundays: the DST changes
      }))
      .filter((schedule) => scheduleProblem(schedule) === undefined), // as the API accepts them: no overlaps
      busyHours: fc.array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 15, max: 180 })), { maxLength: 4 }),
    });
  const query = fc.record({
    date: fc.constantFrom('2026-11-23', '2026-03-29', '2026-10-25'),
    step: fc.constantFrom(5, 15, 20, 30, 60),
    duration: fc.constantFrom(10, 30, 45, 90),
    staff: fc.tuple(member(1), member(2), member(3)),
    notBeforeHour: fc.integer({ min: 0, max: 24 }),
  });

  it('agrees with the list of the whole day, at every minute of it (fast-check)', () => {
    fc.assert(
      fc.property(query, (q) => {
        const midnight = localInstant(q.date, '00:00', ZONE);
        const slotQuery: SlotQuery = {
          date: q.date,
          weekday: weekdayOf(q.date, ZONE),
          zone: ZONE,
          opening: ALL_DAY,
          stepMinutes: q.step,
          durationMinutes: q.duration,
          staff: q.staff.map((m) => ({
            id: m.id,
            schedule: m.schedule,
            busy: m.busyHours.map(([hour, minutes]) => [midnight + hour * 3_600_000, midnight + hour * 3_600_000 + minutes * 60_000] as [number, number]),
          })),
          notBefore: midnight + q.notBeforeHour * 3_600_000,
        };
        const day = new Map(freeSlots(slotQuery).map((slot) => [slot.startAt, slot]));
        for (let t = midnight - 3_600_000; t < midnight + 26 * 3_600_000; t += 5 * 60_000) {
          assert.deepEqual(freeSlotAt(slotQuery, t), day.get(t), `at ${toLocalIso(t, ZONE)}`);
        }
      }),
      { numRuns: 150 },
    );
  });
});

