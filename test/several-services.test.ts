import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertEventData } from './helpers/event-schemas.ts';
import { admin, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useReceiver, useSalon } from './helpers/suite.ts';

const at = (time: string) => `${MONDAY}T${time}:00+01:00`;
const local = (time: string) => `${MONDAY}T${time}:00.000+01:00`;
const client = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('several services in one booking, back to back by one staff member', () => {
  const { app, salon } = useSalon();
  const receiver = useReceiver();
  let other: Salon;
  let both: number[];

  before(async () => {
    other = await makeSalon(app, 'Other salon');
    // Colour: 10 minutes of preparation, 15 of cleaning. Haircut 45 minutes, by Anna and Ben; colour 90, by Anna only.
    await admin(app, 'PATCH', `${salon.base}/services/${salon.colour}`, { bufferBeforeMinutes: 10, bufferAfterMinutes: 15 }, 200);
    both = [salon.haircut, salon.colour];
    await app.webhook(salon.key, receiver.url(), ['booking.created', 'booking.rescheduled']);
  });

  const slots = (query: string, key = salon.key) => app.request('GET', `/v1/integration/slots?${query}`, { key });
  const book = (body: Record<string, unknown>, key = salon.key) =>
    app.request('POST', '/v1/integration/bookings', { key, body: { client, ...body } });

  it('offers the combination only with someone who does all of it, for its whole length', async () => {
    const reply = await slots(`serviceIds=${both.join(',')}&date=${MONDAY}`);
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.body.serviceIds, both);
    assert.equal(reply.body.durationMinutes, 45 + 10 + 90, "the haircut, the colour's preparation, the colour");
    assert.ok(reply.body.data.every((s: { staffIds: number[] }) => s.staffIds.join() === String(salon.anna)));
    const starts = reply.body.data.map((s: { startTime: string }) => s.startTime.slice(11, 16));
    assert.equal(starts[0], '09:00');
    assert.ok(starts.includes('10:15'), '10:15–12:40, cleaned by the 13:00 break');
    assert.ok(!starts.includes('10:30'), 'its cleaning would run into the break');
    assert.equal(reply.body.data[0].endTime, local('11:25'));
    const ben = await slots(`serviceIds=${both.join(',')}&date=${MONDAY}&staffId=${salon.ben}`);
    assert.equal(ben.body.total, 0, 'Ben does not colour');
    const range = await slots(`serviceIds=${both.join(',')}&from=${MONDAY}&to=2026-11-24`);
    assert.equal(range.body.days.length, 2);
  });

  it('books them as one visit that lists its services; serviceName names them all in the events', async () => {
    const booked = await book({ serviceIds: both, startTime: at('09:00') });
    assert.equal(booked.status, 201, booked.text);
    assert.equal(booked.body.staffId, salon.anna, 'the one who does both');
    assert.equal(booked.body.serviceId, salon.haircut);
    assert.equal(booked.body.serviceName, 'Haircut + Colour');
    assert.equal(booked.body.startTime, local('09:00'));
    assert.equal(booked.body.endTime, local('11:25'));
    assert.equal(booked.body.durationMinutes, 145);
    assert.equal(booked.body.price, 3500 + 8000);
    assert.deepEqual(
      booked.body.services.map((s: any) => `${s.name} ${s.startTime.slice(11, 16)}-${s.endTime.slice(11, 16)} ${s.price}`),
      ['Haircut 09:00-09:45 3500', 'Colour 09:55-11:25 8000'],
    );
    const read = await app.request('GET', `/v1/integration/bookings/${booked.body.id}`, { key: salon.key });
    assert.deepEqual(read.body, booked.body);
    const listed = await app.request('GET', `/v1/integration/bookings?from=${MONDAY}&to=${MONDAY}`, { key: salon.key });
    assert.deepEqual(listed.body.data.find((b: { id: number }) => b.id === booked.body.id).services, booked.body.services);

    const [delivery] = await receiver.waitFor(1);
    const event = JSON.parse(delivery!.body);
    assertEventData('booking.created', event.data);
    assert.equal(event.data.serviceName, 'Haircut + Colour');
    assert.equal(event.data.services.length, 2);

    // The colour's cleaning runs to 11:40: the next haircut with Anna starts at 11:45 at the earliest.
    assert.equal((await book({ serviceId: salon.haircut, staffId: salon.anna, startTime: at('11:30') })).body.code, 'slot_unavailable');
    assert.equal((await book({ serviceId: salon.haircut, staffId: salon.anna, startTime: at('11:45') }, salon.key)).status, 201);
  });

  it('one service keeps working, and lists itself', async () => {
    const booked = await book({ serviceId: salon.haircut, staffId: salon.ben, startTime: at('09:00') });
    assert.equal(booked.status, 201);
    assert.equal(booked.body.serviceName, 'Haircut');
    assert.deepEqual(booked.body.services, [
      { serviceId: salon.haircut, name: 'Haircut', startTime: local('09:00'), endTime: local('09:45'), durationMinutes: 45, price: 3500 },
    ]);
  });

  it('moves the whole visit on reschedule', async () => {
    const booked = (await book({ serviceIds: both, startTime: at('14:00') })).body;
    const moved = await app.request('POST', `/v1/integration/bookings/${booked.id}/reschedule`, {
      key: salon.key,
      body: { startTime: at('15:00') },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(
      moved.body.services.map((s: any) => s.startTime.slice(11, 16)),
      ['15:00', '15:55'],
    );
    assert.equal(moved.body.endTime, local('17:25'));
    const requests = await receiver.waitFor(5);
    const event = requests.map((r) => JSON.parse(r.body)).find((e) => e.event === 'booking.rescheduled');
    assertEventData('booking.rescheduled', event.data);
    assert.equal(event.data.services[1].startTime, local('15:55'));
  });

  it('holds a combination, and a booking with the hold must book the same services', async () => {
    const held = await app.request('POST', '/v1/integration/slots/holds', {
      key: salon.key,
      body: { serviceIds: both, startTime: '2026-11-24T09:00:00+01:00' },
    });
    assert.equal(held.status, 201, held.text);
    assert.deepEqual(held.body.serviceIds, both);
    assert.equal(held.body.endTime, '2026-11-24T11:25:00.000+01:00');
    const wrong = await book({ serviceId: salon.haircut, startTime: '2026-11-24T09:00:00+01:00', holdId: held.body.id });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.field, 'holdId');
    const right = await book({ serviceIds: both, startTime: '2026-11-24T09:00:00+01:00', holdId: held.body.id });
    assert.equal(right.status, 201, right.text);
  });

  const bad: Array<[Record<string, unknown>, number, string | undefined]> = [
    [{ serviceId: 1, serviceIds: [1, 2] }, 400, 'serviceId'],
    [{}, 400, 'serviceId'],
    [{ serviceIds: [] }, 400, 'serviceIds'],
    [{ serviceIds: [1, 1] }, 400, 'serviceIds'],
    [{ serviceIds: [1, 2, 1, 2, 1, 2] }, 400, 'serviceIds'],
    [{ serviceIds: ['1'] }, 400, 'serviceIds'],
    [{ serviceIds: [999] }, 404, undefined],
  ];
  for (const [body, status, field] of bad) {
    it(`answers ${status} for ${JSON.stringify(body)}`, async () => {
      const reply = await book({ startTime: at('16:00'), ...body });
      assert.equal(reply.status, status, reply.text);
      if (field) assert.ok(reply.body.field.startsWith(field), reply.body.field);
    });
  }

  for (const [query, status, field] of [
    [`serviceIds=1,x&date=${MONDAY}`, 400, 'serviceIds'],
    [`serviceIds=1,2,3,4,5,6&date=${MONDAY}`, 400, 'serviceIds'],
    [`serviceId=1&serviceIds=1,2&date=${MONDAY}`, 400, 'serviceId'],
    [`date=${MONDAY}`, 400, 'serviceId'],
  ] as const) {
    it(`GET /slots answers ${status} for ?${query}`, async () => {
      const reply = await slots(query);
      assert.equal(reply.status, status, reply.text);
      assert.equal(reply.body.field, field);
    });
  }

  it("keeps businesses apart: another business's service in the list is 404", async () => {
    assert.equal((await slots(`serviceIds=${salon.haircut},${other.colour}&date=${MONDAY}`)).status, 404);
    assert.equal((await book({ serviceIds: [salon.haircut, other.colour], startTime: at('16:00') })).status, 404);
    assert.equal(
      (await slots(`serviceIds=${other.haircut},${other.colour}&date=${MONDAY}`, other.key)).body.data[0].staffIds.join(),
      String(other.anna),
    );
  });
});
