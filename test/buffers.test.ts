import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insertBooking } from '../src/bookings/bookings.repository.ts';
import { isSlotConflict } from '../src/db/errors.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

describe('buffers before and after a service', () => {
  const { clock, app, salon } = useSalon();

  const starts = async (serviceId: number) => {
    const reply = await app.request('GET', `/v1/integration/slots?serviceId=${serviceId}&date=${MONDAY}&staffId=${salon.anna}`, {
      key: salon.key,
    });
    return reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16)) as string[];
  };
  const book = (serviceId: number, time: string) =>
    app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(serviceId, `${MONDAY}T${time}:00+01:00`, { staffId: salon.anna }),
    });

  it('are set on a service through the admin API, shown in the catalog and announced in service.updated', async () => {
    const patched = await admin(
      app,
      'PATCH',
      `${salon.base}/services/${salon.colour}`,
      { bufferBeforeMinutes: 10, bufferAfterMinutes: 15 },
      200,
    );
    assert.equal(patched.body.bufferBeforeMinutes, 10);
    assert.equal(patched.body.bufferAfterMinutes, 15);
    const catalog = await app.request('GET', `/v1/integration/services/${salon.colour}`, { key: salon.key });
    assert.equal(catalog.body.bufferAfterMinutes, 15);
    const created = await admin(
      app,
      'POST',
      `${salon.base}/services`,
      { name: 'Perm', durationMinutes: 60, price: 9000, bufferAfterMinutes: 30 },
      201,
    );
    assert.equal(created.body.bufferBeforeMinutes, 0);
    assert.equal(created.body.bufferAfterMinutes, 30);
  });

  for (const [body, field] of [
    [{ bufferBeforeMinutes: -1 }, 'bufferBeforeMinutes'],
    [{ bufferAfterMinutes: 241 }, 'bufferAfterMinutes'],
    [{ bufferAfterMinutes: 2.5 }, 'bufferAfterMinutes'],
    [{ bufferBeforeMinutes: null }, 'bufferBeforeMinutes'],
  ] as const) {
    it(`refuses ${JSON.stringify(body)}`, async () => {
      const reply = await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, body);
      assert.equal(reply.status, 400);
      assert.equal(reply.body.field, field);
    });
  }

  it('keep slots clear of them, while the client sees only the service time', async () => {
    const colour = await starts(salon.colour);
    assert.equal(colour[0], '09:15', '10 minutes of preparation after 09:00 opening');
    assert.equal(colour.at(-1), '16:15', '16:15–17:45, cleaned by 18:00');
    const booked = await book(salon.colour, '09:15');
    assert.equal(booked.status, 201);
    assert.equal(booked.body.startTime, `${MONDAY}T09:15:00.000+01:00`);
    assert.equal(booked.body.endTime, `${MONDAY}T10:45:00.000+01:00`);
    assert.equal(booked.body.durationMinutes, 90);

    const haircut = await starts(salon.haircut);
    assert.ok(!haircut.includes('10:45'), 'Anna cleans until 11:00');
    assert.ok(haircut.includes('11:00'));
    assert.equal((await book(salon.haircut, '10:45')).body.code, 'slot_unavailable');
    assert.equal((await book(salon.haircut, '11:00')).status, 201);
    // A colour after that haircut (11:00–11:45) needs its 10 minutes of preparation first.
    const after = await starts(salon.colour);
    assert.ok(!after.includes('11:45'));
    assert.ok(after.includes('14:00'));
  });

  it('are enforced by the database itself, whatever the code above it does', async () => {
    const now = clock.now();
    const row = {
      business_id: salon.businessId,
      service_id: salon.haircut,
      staff_id: salon.anna,
      client_id: 1,
      status: 'confirmed' as const,
      start_at: Date.parse(`${MONDAY}T10:50:00+01:00`),
      end_at: Date.parse(`${MONDAY}T10:55:00+01:00`),
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      service_count: 1,
      price: 0,
      currency: 'EUR',
      notes: '',
      source: 'admin' as const,
      api_key_id: null,
      cancel_reason: null,
      cancelled_by: null,
      booked_name: null,
      booked_email: null,
      booked_phone: null,
      client_check: null,
      created_at: now,
      updated_at: now,
    };
    await assert.rejects(
      app.context.database.transaction((trx) => insertBooking(trx, row)),
      (error) => isSlotConflict(error),
      "inside the colour's cleaning",
    );
    const early = { ...row, start_at: Date.parse(`${MONDAY}T08:50:00+01:00`), end_at: Date.parse(`${MONDAY}T09:05:00+01:00`) };
    assert.equal(
      typeof (await app.context.database.transaction((trx) => insertBooking(trx, early))),
      'number',
      '08:50–09:05 ends as the preparation starts',
    );
    const withItsOwnBuffer = {
      ...row,
      start_at: Date.parse(`${MONDAY}T11:50:00+01:00`),
      end_at: Date.parse(`${MONDAY}T12:00:00+01:00`),
      buffer_before_minutes: 10,
    };
    await assert.rejects(
      app.context.database.transaction((trx) => insertBooking(trx, withItsOwnBuffer)),
      (error) => isSlotConflict(error),
      'its preparation reaches back into the 11:00–11:45 haircut',
    );
  });
});
