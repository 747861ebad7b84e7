import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_HOURS, type WeeklyHours } from '../src/time/hours.ts';
import { localInstant, toLocalIso, weekdayOf } from '../src/time/local-time.ts';
import fc from 'fast-check';
import { freeSlotAt, freeSlots, type SlotQuery, type StaffAvailability } from '../src/slots/slots.ts';
import type { BookingWindow } from '../src/slots/booking-window.ts';
import { scheduleFromHours, scheduleProblem, type WeeklySchedule } from '../src/time/schedule.ts';

const ZONE = 'Europe/Berlin';
/** Slots after `now`, no notice, no horizon to speak of. */
const windowAfter = (now: number): BookingWindow => ({ now, earliest: now + 1, lastDate: '9999-12-31' });
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
  options: {
    duration?: number;
    step?: number;
    opening?: WeeklyHours;
    notBefore?: number;
    window?: BookingWindow;
    before?: number;
    after?: number;
  } = {},
) {
  return freeSlots({
    date,
    weekday: weekdayOf(date, ZONE),
    zone: ZONE,
    opening: options.opening ?? DEFAULT_HOURS,
    stepMinutes: options.step ?? 15,
    durationMinutes: options.duration ?? 30,
    bufferBeforeMinutes: options.before,
    bufferAfterMinutes: options.after,
    staff,
    window: options.window ?? windowAfter(options.notBefore ?? 0),
  }).map((s) => `${toLocalIso(s.startAt, ZONE).slice(11, 16)}${toLocalIso(s.startAt, ZONE).slice(23)} ${s.staffIds.join(',')}`);
}

const anna = (schedule: WeeklySchedule = scheduleFromHours(DEFAULT_HOURS), busy: [number, number][] = []) => ({ id: 1, schedule, busy });
const withDay = (schedule: WeeklySchedule, day: keyof WeeklySchedule, value: WeeklySchedule['mon']): WeeklySchedule => ({
  ...schedule,
  [day]: value,
});

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

  it('keeps minimum notice and the horizon', () => {
    const now = localInstant('2026-11-23', '11:50', ZONE);
    const window = { now, earliest: now + 60 * 60_000, lastDate: '2026-11-23' };
    assert.equal(slots('2026-11-23', [anna()], { window })[0], '13:00+01:00 1', 'an hour after 11:50, on the grid');
    assert.deepEqual(slots('2026-11-24', [anna()], { window }), [], 'beyond the last date');
  });

  it('keeps buffers inside working hours and clear of bookings, and tells the client the service time only', () => {
    const busy: [number, number][] = [[localInstant('2026-11-23', '12:00', ZONE), localInstant('2026-11-23', '12:30', ZONE)]];
    const result = slots('2026-11-23', [anna(undefined, busy)], { duration: 60, before: 10, after: 15 });
    assert.equal(result[0], '09:15+01:00 1', '10 minutes of preparation from 09:00: the first start on the grid is 09:15');
    assert.ok(result.includes('10:45+01:00 1'), '10:45–11:45, cleaned by the 12:00 booking');
    assert.ok(!result.includes('11:00+01:00 1'), 'its cleaning would run into the booking');
    assert.ok(!result.includes('12:30+01:00 1'), 'preparation would overlap the booking');
    assert.ok(result.includes('12:45+01:00 1'));
    assert.equal(result.at(-1), '16:45+01:00 1', '16:45–17:45, cleaned by 18:00');
    const [first] = freeSlots({
      date: '2026-11-23',
      weekday: 'mon',
      zone: ZONE,
      opening: DEFAULT_HOURS,
      stepMinutes: 15,
      durationMinutes: 60,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
      staff: [anna()],
      window: windowAfter(0),
    });
    assert.equal(first!.endAt - first!.startAt, 60 * 60_000, 'the slot is the service, without buffers');
  });

  it('leaves out time off and closures', () => {
    const away: [number, number][] = [[localInstant('2026-11-23', '13:00', ZONE), localInstant('2026-11-23', '24:00', ZONE)]];
    const result = slots('2026-11-23', [{ ...anna(), away }], { duration: 30 });
    assert.equal(result.at(-1), '12:30+01:00 1', 'the afternoon off');
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

  // Issue 26: in Santiago the clocks go back at the end of 2027-04-03 (24:00 -03:00 is 23:00 -04:00),
  // so 23:00–24:00 happens twice. Every time the wall clock reads inside the hours is offered.
  const inZone = (
    zone: string,
    date: string,
    hours: { start: string; end: string },
    options: { step?: number; duration?: number } = {},
  ) => {
    const day = weekdayOf(date, zone);
    const schedule = withDay(scheduleFromHours(ALL_DAY), day, { hours: [hours], breaks: [] });
    return freeSlots({
      date,
      weekday: day,
      zone,
      opening: ALL_DAY,
      stepMinutes: options.step ?? 30,
      durationMinutes: options.duration ?? 30,
      staff: [{ id: 1, schedule, busy: [] }],
      window: windowAfter(0),
    }).map((slot) => toLocalIso(slot.startAt, zone).slice(11, 16) + toLocalIso(slot.startAt, zone).slice(23));
  };

  it('offers both passes of an hour the clocks repeat at the end of the day (Santiago, 2027-04-03)', () => {
    assert.deepEqual(inZone('America/Santiago', '2027-04-03', { start: '22:00', end: '24:00' }), [
      '22:00-03:00',
      '22:30-03:00',
      '23:00-03:00',
      '23:30-03:00',
      '23:00-04:00',
      '23:30-04:00',
    ]);
  });

  it('ends hours that end inside the repeated hour at each pass, in zones east and west of UTC', () => {
    // Hours until 23:30: the wall clock reads 23:00–23:29 twice, and both are inside them.
    assert.deepEqual(inZone('America/Santiago', '2027-04-03', { start: '22:00', end: '23:30' }), [
      '22:00-03:00',
      '22:30-03:00',
      '23:00-03:00',
      '23:00-04:00',
    ]);
    assert.deepEqual(inZone('America/New_York', '2026-11-01', { start: '00:00', end: '01:30' }), [
      '00:00-04:00',
      '00:30-04:00',
      '01:00-04:00',
      '01:00-05:00',
    ]);
    assert.deepEqual(inZone('Europe/Berlin', '2026-10-25', { start: '01:00', end: '02:30' }), [
      '01:00+02:00',
      '01:30+02:00',
      '02:00+02:00',
      '02:00+01:00',
    ]);
    // Hours that start inside it start at each pass too, and a 60-minute service fits once per pass.
    assert.deepEqual(inZone('America/Santiago', '2027-04-03', { start: '23:00', end: '24:00' }, { duration: 60, step: 60 }), [
      '23:00-03:00',
      '23:00-04:00',
    ]);
  });

  it('starts hours that begin in the hour the clocks skip when that hour ends (Santiago, 2026-09-06 starts at 01:00)', () => {
    assert.deepEqual(inZone('America/Santiago', '2026-09-06', { start: '00:00', end: '02:00' }), ['01:00-03:00', '01:30-03:00']);
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
      window: windowAfter(0),
    });
    assert.equal(result.length, 9);
    assert.equal(toLocalIso(result[0]!.startAt, zone), '2026-03-08T09:00:00.000-04:00');
  });
});

describe('the slot at one time (the check before a booking)', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 10, 15, 30, 45))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const range = fc
    .tuple(time, time)
    .filter(([a, b]) => a < b)
    .map(([start, end]) => ({ start, end }));
  const member = (id: number) =>
    fc.record({
      id: fc.constant(id),
      schedule: fc
        .record({ hours: fc.array(range, { maxLength: 2 }), breaks: fc.array(range, { maxLength: 1 }) })
        .map((day) => ({
          ...scheduleFromHours(ALL_DAY),
          mon: day,
          sat: day, // 2027-04-03: Santiago's clocks go back at its end
          sun: day, // 2026-03-29 and 2026-10-25 are Sundays: the DST changes (and 2026-09-06 in Santiago)
        }))
        .filter((schedule) => scheduleProblem(schedule) === undefined), // as the API accepts them: no overlaps
      busyHours: fc.array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 15, max: 180 })), { maxLength: 4 }),
      // Time off and closures: hours of the day away, or the whole day (24 h from midnight).
      awayHours: fc.array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(30, 60, 150, 24 * 60)), { maxLength: 2 }),
    });
  const query = fc.record({
    // A zone and a date: no change, clocks forward, clocks back; Santiago changes at midnight.
    place: fc.constantFrom(
      ['Europe/Berlin', '2026-11-23'],
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/Santiago', '2026-09-06'],
      ['America/Santiago', '2027-04-03'],
    ),
    step: fc.constantFrom(5, 15, 20, 30, 60),
    duration: fc.constantFrom(10, 30, 45, 90),
    before: fc.constantFrom(0, 0, 5, 10, 15),
    after: fc.constantFrom(0, 0, 10, 15, 30),
    staff: fc.tuple(member(1), member(2), member(3)),
    nowHour: fc.integer({ min: -30, max: 24 }),
    noticeMinutes: fc.constantFrom(0, 0, 30, 60, 240),
    // The horizon's last date: the day before, the day itself, later.
    lastDateShift: fc.constantFrom(-1, 0, 0, 1),
  });

  it('agrees with the list of the whole day, at every minute of it: notice, horizon, buffers, time off, DST (fast-check)', () => {
    fc.assert(
      fc.property(query, ({ place: [zone, date], ...q }) => {
        const midnight = localInstant(date, '00:00', zone);
        const hours = (h: number, minutes: number) =>
          [midnight + h * 3_600_000, midnight + h * 3_600_000 + minutes * 60_000] as [number, number];
        const now = midnight + q.nowHour * 3_600_000;
        const lastDate = new Date(Date.parse(`${date}T00:00:00Z`) + q.lastDateShift * 86_400_000).toISOString().slice(0, 10);
        const slotQuery: SlotQuery = {
          date,
          weekday: weekdayOf(date, zone),
          zone,
          opening: ALL_DAY,
          stepMinutes: q.step,
          durationMinutes: q.duration,
          bufferBeforeMinutes: q.before,
          bufferAfterMinutes: q.after,
          staff: q.staff.map((m) => ({
            id: m.id,
            schedule: m.schedule,
            busy: m.busyHours.map(([h, minutes]) => hours(h, minutes)),
            away: m.awayHours.map(([h, minutes]) => hours(h, minutes)),
          })),
          window: { now, earliest: now + Math.max(1, q.noticeMinutes * 60_000), lastDate },
        };
        const list = freeSlots(slotQuery);
        const day = new Map(list.map((slot) => [slot.startAt, slot]));
        for (let t = midnight - 3_600_000; t < midnight + 26 * 3_600_000; t += 5 * 60_000) {
          assert.deepEqual(freeSlotAt(slotQuery, t), day.get(t), `at ${toLocalIso(t, zone)}`);
        }
        // What the rules promise, checked on the list itself.
        for (const slot of list) {
          assert.ok(slot.startAt >= now + q.noticeMinutes * 60_000 && slot.startAt > now, 'minimum notice');
          assert.ok(date <= lastDate, 'horizon');
          for (const id of slot.staffIds) {
            const member = slotQuery.staff.find((m) => m.id === id)!;
            const from = slot.startAt - q.before * 60_000;
            const to = slot.endAt + q.after * 60_000;
            for (const [start, end] of [...member.busy, ...member.away!])
              assert.ok(end <= from || start >= to, 'buffers clear of bookings and time off');
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
