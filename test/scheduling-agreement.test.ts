import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { localInstant, toLocalIso } from '../src/time/local-time.ts';
import { admin, bookingBody, makeSalon } from './helpers/salon.ts';
import { useApp } from './helpers/suite.ts';

const ZONE = 'Europe/Berlin';
const ALL_DAY = [{ start: '00:00', end: '24:00' }];

/**
 * Through the real server: whatever the rules (notice, buffers, time off, closures, DST days, one
 * service or several), a
 * booking at a time succeeds exactly when GET /slots lists that time. Each run is a fresh salon.
 */
describe('the slot list and the booking check agree (fast-check, over HTTP)', () => {
  const { app } = useApp();

  const scenario = fc.record({
    // A weekday, the spring and the autumn DST Sundays of 2027.
    date: fc.constantFrom('2026-11-23', '2027-03-28', '2027-10-31', '2026-11-21'),
    step: fc.constantFrom(15, 20, 30),
    notice: fc.constantFrom(0, 60, 180),
    before: fc.constantFrom(0, 10, 15),
    after: fc.constantFrom(0, 15, 30),
    timeOff: fc.option(fc.tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 6 })), { nil: undefined }),
    closed: fc.constantFrom(false, false, true),
    // The colour alone, or a haircut and the colour back to back.
    combo: fc.boolean(),
    existing: fc.array(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)), { maxLength: 3 }),
    // A time of the day, or (a number) one of the listed slots.
    tries: fc.array(fc.oneof(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 5, 10, 15, 20, 30, 40, 45)), fc.nat()), {
      minLength: 3,
      maxLength: 6,
    }),
  });

  it('a time is bookable exactly when it is listed', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const salon = await makeSalon(app, `Salon ${n++}`);
        const week = { mon: ALL_DAY, tue: ALL_DAY, wed: ALL_DAY, thu: ALL_DAY, fri: ALL_DAY, sat: ALL_DAY, sun: ALL_DAY };
        await admin(
          app,
          'PATCH',
          `/businesses/${salon.businessId}`,
          { workingHours: week, slotStepMinutes: s.step, minNoticeMinutes: s.notice },
          200,
        );
        const day = { hours: ALL_DAY, breaks: [{ start: '13:00', end: '13:30' }] };
        await admin(
          app,
          'PUT',
          `${salon.base}/staff/${salon.anna}/schedule`,
          { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
          200,
        );
        await admin(
          app,
          'PATCH',
          `${salon.base}/services/${salon.colour}`,
          { bufferBeforeMinutes: s.before, bufferAfterMinutes: s.after },
          200,
        );
        const at = (hour: number, minute: number) =>
          toLocalIso(localInstant(s.date, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`, ZONE), ZONE);
        if (s.timeOff) {
          const [hour, hours] = s.timeOff;
          await admin(
            app,
            'POST',
            `${salon.base}/staff/${salon.anna}/time-off`,
            { startTime: at(hour, 0), endTime: at(Math.min(23, hour + hours), 30) },
            201,
          );
        }
        if (s.closed) await admin(app, 'POST', `${salon.base}/closures`, { startDate: s.date }, 201);
        for (const [hour, minute] of s.existing) {
          await app.request('POST', '/v1/integration/bookings', {
            key: salon.key,
            body: bookingBody(salon.haircut, at(hour, minute), { staffId: salon.anna }),
          });
        }
        const services = s.combo ? { serviceIds: [salon.haircut, salon.colour] } : { serviceId: salon.colour };
        const asked = s.combo ? `serviceIds=${salon.haircut},${salon.colour}` : `serviceId=${salon.colour}`;
        for (const pick of s.tries) {
          const listed = await app.request('GET', `/v1/integration/slots?${asked}&date=${s.date}&staffId=${salon.anna}`, {
            key: salon.key,
          });
          assert.equal(listed.status, 200);
          const slots = listed.body.data as Array<{ startTime: string }>;
          if (typeof pick === 'number' && slots.length === 0) continue;
          const startTime = typeof pick === 'number' ? slots[pick % slots.length]!.startTime : at(pick[0], pick[1]);
          const offered = slots.some((slot) => slot.startTime === startTime);
          const { serviceId: _, ...body } = bookingBody(salon.colour, startTime, { staffId: salon.anna });
          const booked = await app.request('POST', '/v1/integration/bookings', { key: salon.key, body: { ...body, ...services } });
          assert.equal(
            booked.status === 201,
            offered,
            `${startTime}: listed ${offered}, booking answered ${booked.status} ${booked.text.slice(0, 200)}`,
          );
          if (!offered) assert.equal(booked.status, 409);
        }
      }),
      { numRuns: Number(process.env.AGREEMENT_RUNS ?? 12) },
    );
  });
});
