import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEventData } from './helpers/event-schemas.ts';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';

describe('time off and closures', () => {
  const { app, salon } = useSalon();
  const receiver = useReceiver();
  let other: Salon;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    await app.webhook(salon.key, receiver.url(), ['staff.schedule_updated']);
  });

  const starts = async (serviceId: number, date: string, staffId?: number, s = salon) => {
    const reply = await app.request(
      'GET',
      `/v1/integration/slots?serviceId=${serviceId}&date=${date}${staffId ? `&staffId=${staffId}` : ''}`,
      { key: s.key },
    );
    assert.equal(reply.status, 200, reply.text);
    return reply.body.data.map(
      (slot: { startTime: string; staffIds: number[] }) => `${slot.startTime.slice(11, 16)} ${slot.staffIds.join(',')}`,
    ) as string[];
  };
  const book = (serviceId: number, startTime: string, extra: Record<string, unknown> = {}) =>
    app.request('POST', '/v1/integration/bookings', { key: salon.key, body: bookingBody(serviceId, startTime, extra) });
  const events = async (count: number) => {
    const requests = await receiver.waitFor(count);
    return requests
      .map((r) => JSON.parse(r.body))
      .map((envelope) => {
        assertEventData(envelope.event, envelope.data);
        return envelope.data;
      });
  };

  it("takes a staff member's afternoon off out of the slots and the booking check, and lists what it overlaps", async () => {
    const booked = await book(salon.colour, `${MONDAY}T15:00:00+01:00`);
    assert.equal(booked.status, 201);
    const created = await admin(
      app,
      'POST',
      `${salon.base}/staff/${salon.anna}/time-off`,
      {
        startTime: `${MONDAY}T13:30:00+01:00`,
        endTime: `${MONDAY}T18:00:00+01:00`,
        note: 'Dentist',
      },
      201,
    );
    assert.equal(created.body.allDay, false);
    assert.equal(created.body.startTime, `${MONDAY}T13:30:00.000+01:00`);
    assert.equal(created.body.note, 'Dentist');
    assert.deepEqual(
      created.body.overlappingBookings.map((b: { id: number }) => b.id),
      [booked.body.id],
      'the salon sees what to move',
    );
    const kept = await app.request('GET', `/v1/integration/bookings/${booked.body.id}`, { key: salon.key });
    assert.equal(kept.body.status, 'pending', 'nothing is cancelled silently');

    const colour = await starts(salon.colour, MONDAY, salon.anna);
    assert.equal(colour.at(-1), `11:30 ${salon.anna}`, 'colour (90 min) must end by the 13:00 break');
    const haircut = await starts(salon.haircut, MONDAY);
    assert.ok(haircut.includes(`14:00 ${salon.ben}`), 'Ben still works');
    assert.ok(!haircut.some((s) => s.startsWith('14:00') && s.slice(6).split(',').includes(String(salon.anna))));
    const refused = await book(salon.haircut, `${MONDAY}T16:00:00+01:00`, { staffId: salon.anna });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'slot_unavailable');
    const toBen = await book(salon.haircut, `${MONDAY}T16:00:00+01:00`);
    assert.equal(toBen.body.staffId, salon.ben, 'without staffId, whoever is there');

    const [event] = await events(1);
    assert.equal(event.staffId, salon.anna);
    assert.equal(event.change.kind, 'time_off_added');
    assert.equal(event.change.timeOff.id, created.body.id);
  });

  it('takes whole days too, and gives them back when changed or removed', async () => {
    const created = await admin(app, 'POST', `${salon.base}/staff/${salon.ben}/time-off`, { allDay: true, startDate: TUESDAY }, 201);
    assert.equal(created.body.endDate, TUESDAY);
    assert.equal(created.body.startTime, `${TUESDAY}T00:00:00.000+01:00`);
    assert.equal(created.body.endTime, `${WEDNESDAY}T00:00:00.000+01:00`);
    assert.ok((await starts(salon.haircut, TUESDAY)).every((s) => s.endsWith(` ${salon.anna}`)));

    const moved = await admin(
      app,
      'PATCH',
      `${salon.base}/staff/${salon.ben}/time-off/${created.body.id}`,
      { allDay: true, startDate: WEDNESDAY },
      200,
    );
    assert.equal(moved.body.startDate, WEDNESDAY);
    assert.ok((await starts(salon.haircut, TUESDAY)).some((s) => s.slice(6).split(',').includes(String(salon.ben))));
    assert.ok((await starts(salon.haircut, WEDNESDAY)).every((s) => s.endsWith(` ${salon.anna}`)));
    const noted = await admin(app, 'PATCH', `${salon.base}/staff/${salon.ben}/time-off/${created.body.id}`, { note: 'Training' }, 200);
    assert.equal(noted.body.startDate, WEDNESDAY, 'a note alone keeps the times');

    const listed = await admin(app, 'GET', `${salon.base}/staff/${salon.ben}/time-off`, undefined, 200);
    assert.deepEqual(
      listed.body.data.map((t: { id: number }) => t.id),
      [created.body.id],
    );
    await admin(app, 'DELETE', `${salon.base}/staff/${salon.ben}/time-off/${created.body.id}`, undefined, 204);
    assert.ok((await starts(salon.haircut, WEDNESDAY)).some((s) => s.slice(6).split(',').includes(String(salon.ben))));
    await admin(app, 'GET', `${salon.base}/staff/${salon.ben}/time-off/${created.body.id}`, undefined, 404);

    // Deliveries are not ordered (docs/webhooks.md): which changes fired, in any order.
    const kinds = (await events(5)).slice(1).map((e) => `${e.staffId} ${e.change.kind}`);
    assert.deepEqual(kinds.sort(), [
      `${salon.ben} time_off_added`,
      `${salon.ben} time_off_changed`,
      `${salon.ben} time_off_changed`,
      `${salon.ben} time_off_removed`,
    ]);
  });

  it('closes the salon on whole days: no slots for anyone, one event per staff member who would have worked', async () => {
    const before = receiver.requests.length;
    const booked = await book(salon.haircut, `2026-11-26T10:00:00+01:00`);
    assert.equal(booked.status, 201);
    const closure = await admin(
      app,
      'POST',
      `${salon.base}/closures`,
      { startDate: '2026-11-26', endDate: '2026-11-27', note: 'Renovation' },
      201,
    );
    assert.deepEqual(
      closure.body.overlappingBookings.map((b: { id: number }) => b.id),
      [booked.body.id],
    );
    assert.deepEqual(await starts(salon.haircut, '2026-11-26'), []);
    assert.deepEqual(await starts(salon.haircut, '2026-11-27'), []);
    assert.ok((await starts(salon.haircut, '2026-11-28')).length > 0);
    const refused = await book(salon.haircut, '2026-11-27T10:00:00+01:00');
    assert.equal(refused.body.code, 'slot_unavailable');

    const data = (await events(before + 2)).slice(before);
    assert.deepEqual(data.map((e) => e.staffId).sort(), [salon.anna, salon.ben].sort());
    assert.ok(data.every((e) => e.change.kind === 'closure_added' && e.change.closure.id === closure.body.id));

    await admin(app, 'PATCH', `${salon.base}/closures/${closure.body.id}`, { endDate: '2026-11-26' }, 200);
    assert.ok((await starts(salon.haircut, '2026-11-27')).length > 0);
    assert.equal((await admin(app, 'GET', `${salon.base}/closures`, undefined, 200)).body.total, 1);
    await admin(app, 'DELETE', `${salon.base}/closures/${closure.body.id}`, undefined, 204);
    assert.ok((await starts(salon.haircut, '2026-11-26')).length > 0);
    const kinds = (await events(before + 6)).slice(before + 2).map((e) => e.change.kind);
    assert.deepEqual(kinds.sort(), ['closure_changed', 'closure_changed', 'closure_removed', 'closure_removed']);
  });

  it('a closure on a day nobody works fires nothing', async () => {
    const before = receiver.requests.length;
    const closure = await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2026-11-29' }, 201); // a Sunday
    await admin(app, 'DELETE', `${salon.base}/closures/${closure.body.id}`, undefined, 204);
    const marker = await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2027-01-04' }, 201);
    const data = (await events(before + 1)).slice(before);
    assert.equal(data[0].change.timeOff?.id, marker.body.id, 'the next event is the time off, not the Sunday closure');
    await admin(app, 'DELETE', `${salon.base}/staff/${salon.anna}/time-off/${marker.body.id}`, undefined, 204);
  });

  const badTimeOff: Array<[unknown, string]> = [
    [{ allDay: true }, 'startDate'],
    [{ allDay: true, startDate: '2026-02-30' }, 'startDate'],
    [{ allDay: true, startDate: TUESDAY, endDate: MONDAY }, 'endDate'],
    [{ allDay: true, startDate: TUESDAY, startTime: `${TUESDAY}T10:00:00+01:00` }, 'startTime'],
    [{ allDay: true, startDate: '2026-01-01', endDate: '2027-01-02' }, 'endDate'],
    [{ startDate: TUESDAY }, 'startDate'],
    [{ startTime: `${TUESDAY}T10:00:00+01:00` }, 'endTime'],
    [{ endTime: `${TUESDAY}T10:00:00+01:00` }, 'startTime'],
    [{ startTime: `${TUESDAY}T10:00:00+01:00`, endTime: `${TUESDAY}T10:00:00+01:00` }, 'endTime'],
    [{ startTime: 'tomorrow', endTime: `${TUESDAY}T10:00:00+01:00` }, 'startTime'],
    [{ allDay: true, startDate: TUESDAY, note: 'x'.repeat(501) }, 'note'],
    [{ allDay: true, startDate: TUESDAY, staffId: 1 }, 'staffId'],
  ];
  for (const [body, field] of badTimeOff) {
    it(`refuses time off ${JSON.stringify(body).slice(0, 90)} naming ${field}`, async () => {
      const reply = await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, body);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.code, 'validation_failed');
      assert.equal(reply.body.field, field);
    });
  }

  const badClosures: Array<[unknown, string]> = [
    [{}, 'startDate'],
    [{ startDate: '26.11.2026' }, 'startDate'],
    [{ startDate: TUESDAY, endDate: MONDAY }, 'endDate'],
    [{ startDate: '2026-01-01', endDate: '2027-06-01' }, 'endDate'],
    [{ startDate: TUESDAY, reason: 'x' }, 'reason'],
  ];
  for (const [body, field] of badClosures) {
    it(`refuses the closure ${JSON.stringify(body)} naming ${field}`, async () => {
      const reply = await admin(app, 'POST', `${salon.base}/closures`, body);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, field);
    });
  }

  it("keeps businesses apart: another business's staff, time off and closures are 404", async () => {
    const timeOff = await admin(app, 'POST', `${salon.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2027-02-01' }, 201);
    const closure = await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2027-02-02' }, 201);
    await admin(app, 'POST', `${other.base}/staff/${salon.anna}/time-off`, { allDay: true, startDate: '2027-02-01' }, 404);
    await admin(app, 'GET', `${other.base}/staff/${salon.anna}/time-off`, undefined, 404);
    await admin(app, 'GET', `${other.base}/staff/${other.anna}/time-off/${timeOff.body.id}`, undefined, 404);
    await admin(app, 'PATCH', `${salon.base}/staff/${salon.ben}/time-off/${timeOff.body.id}`, { note: 'x' }, 404);
    await admin(app, 'DELETE', `${other.base}/staff/${other.anna}/time-off/${timeOff.body.id}`, undefined, 404);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      await admin(app, method, `${other.base}/closures/${closure.body.id}`, method === 'PATCH' ? { note: 'x' } : undefined, 404);
    }
    assert.equal((await admin(app, 'GET', `${other.base}/closures`, undefined, 200)).body.total, 0);
    assert.ok((await starts(other.haircut, '2027-02-02', undefined, other)).length > 0, 'the other salon is open');
    assert.ok((await starts(other.colour, '2027-02-01', other.anna, other)).length > 0, 'and its Anna works');
  });
});
