import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { captureLogs } from './helpers/log-capture.ts';
import { admin, bookingBody, makeSalon, MONDAY, type Salon } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

/** The VEVENTs of an iCalendar text, as maps of property name (without parameters) to value. */
function events(text: string): Array<Map<string, string>> {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(
    ([, body]) =>
      new Map(
        body!
          .split('\r\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf(':')).split(';')[0]!, line.slice(line.indexOf(':') + 1)]),
      ),
  );
}

describe('calendar feeds', () => {
  const logs = captureLogs('info');
  const { app, salon } = useSalon({ logger: logs.logger });
  let other: Salon;

  before(async () => {
    other = await makeSalon(app, 'Other salon');
  });

  const feed = (p: string) => app.request('GET', p);
  const book = (time: string, staffId: number, name: string) =>
    app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T${time}:00+01:00`, {
        staffId,
        client: { name, email: `${name.toLowerCase()}@example.com` },
      }),
    });

  it("serves a staff member's bookings as iCalendar at a secret URL, with stable UIDs, and cancelled ones marked", async () => {
    const annas = (await book('10:00', salon.anna, 'Ada')).body;
    await book('11:00', salon.ben, 'Bob');
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.anna, name: "Anna's phone" }, 201);
    assert.match(created.body.token, /^cal_/);
    assert.equal(created.body.path, `/v1/integration/calendar/${created.body.token}`);

    const first = await feed(created.body.path);
    assert.equal(first.status, 200, first.text);
    assert.match(first.headers.get('content-type')!, /^text\/calendar/);
    assert.match(first.text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(first.text, /X-WR-TIMEZONE:Europe\/Berlin/);
    assert.match(first.text, /\r\nDTSTART;TZID=Europe\/Berlin:20261123T100000\r\n/, "the salon's wall-clock time, in its zone");
    const [event, ...rest] = events(first.text);
    assert.equal(rest.length, 0, "only Anna's bookings");
    assert.equal(event!.get('UID'), `booking-${annas.id}@${salon.businessId}.booking-api`);
    assert.equal(event!.get('DTSTART'), '20261123T100000', '10:00 in Berlin');
    assert.equal(event!.get('DTEND'), '20261123T104500');
    assert.equal(event!.get('SUMMARY'), 'Haircut: Ada');
    assert.equal(event!.get('STATUS'), 'TENTATIVE', 'pending until the salon confirms');
    assert.doesNotMatch(first.text, /ada@example\.com/, "only time, service and the client's name");

    await app.request('POST', `/v1/integration/bookings/${annas.id}/reschedule`, {
      key: salon.key,
      body: { startTime: `${MONDAY}T14:00:00+01:00` },
    });
    const moved = events((await feed(created.body.path)).text)[0]!;
    assert.equal(moved.get('UID'), event!.get('UID'), 'the same event, moved');
    assert.equal(moved.get('DTSTART'), '20261123T140000');
    await app.request('POST', `/v1/integration/bookings/${annas.id}/cancel`, { key: salon.key, body: {} });
    assert.equal(events((await feed(created.body.path)).text)[0]!.get('STATUS'), 'CANCELLED');
  });

  it("has a salon feed with everyone's bookings, and lists feeds without their secret", async () => {
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, undefined, 201);
    assert.equal(created.body.staffId, null);
    const all = events((await feed(created.body.path)).text);
    assert.ok(all.some((e) => e.get('SUMMARY') === 'Haircut: Bob (Ben)'));
    const listed = await admin(app, 'GET', `${salon.base}/calendar-feeds`, undefined, 200);
    assert.equal(listed.body.total, 2);
    assert.doesNotMatch(listed.text, /cal_/);
  });

  it('names a booking by the name given while the salon has not said it is the client it was put on', async () => {
    const given = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T16:00:00+01:00`, {
        staffId: salon.ben,
        client: { name: 'Not Bob', email: 'bob@example.com' },
      }),
    });
    assert.equal(given.status, 201, given.text);
    assert.equal(given.body.client.name, 'Bob', "put on Bob's record, by his e-mail address");
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.ben }, 201);
    const summary = () =>
      feed(created.body.path).then((r) =>
        events(r.text)
          .find((e) => e.get('DTSTART') === '20261123T160000')!
          .get('SUMMARY'),
      );
    assert.equal(await summary(), 'Haircut: Not Bob');
    await admin(app, 'POST', `${salon.base}/bookings/${given.body.id}/client-check/same-person`, undefined, 200);
    assert.equal(await summary(), 'Haircut: Bob');
  });

  it("puts the salon's VTIMEZONE before the events: every change of offset the feed's bookings span", async () => {
    const summer = (
      await app.request('POST', '/v1/integration/bookings', {
        key: salon.key,
        body: bookingBody(salon.haircut, '2027-04-05T10:00:00+02:00', {
          staffId: salon.ben,
          client: { name: 'Eve', email: 'eve@example.com' },
        }),
      })
    ).body;
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.ben }, 201);
    const text = (await feed(created.body.path)).text.replace(/\r\n[ \t]/g, '');
    const zone = text.indexOf('BEGIN:VTIMEZONE');
    assert.ok(zone > 0 && zone < text.indexOf('BEGIN:VEVENT'), 'the VTIMEZONE comes before the first event');
    const vtimezone = text.slice(zone, text.indexOf('END:VTIMEZONE'));
    assert.match(vtimezone, /^BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/);
    // Winter time began on 25 October 2026 at 03:00 summer time; summer time on 28 March 2027 at 02:00.
    assert.match(vtimezone, /BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:\+0200\r\nTZOFFSETTO:\+0100\r\n/);
    assert.match(vtimezone, /BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200\r\n/);
    const event = events(text).find((e) => e.get('UID') === `booking-${summer.id}@${salon.businessId}.booking-api`)!;
    assert.equal(event.get('DTSTART'), '20270405T100000', '10:00 in April, summer time');
    assert.match(text, /\r\nDTSTART;TZID=Europe\/Berlin:20270405T100000\r\n/);
  });

  it('stores only a hash of the token, and a revoked URL is 404 at once', async () => {
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.ben }, 201);
    const file = fs.readFileSync(path.join(app.dataDir, 'booking.db'));
    const wal = fs.existsSync(path.join(app.dataDir, 'booking.db-wal'))
      ? fs.readFileSync(path.join(app.dataDir, 'booking.db-wal'))
      : Buffer.alloc(0);
    assert.equal(file.includes(created.body.token), false);
    assert.equal(wal.includes(created.body.token), false);
    const revoked = await admin(app, 'POST', `${salon.base}/calendar-feeds/${created.body.id}/revoke`, undefined, 200);
    assert.equal(revoked.body.status, 'revoked');
    assert.equal((await feed(created.body.path)).status, 404);
    assert.equal((await feed(`/v1/integration/calendar/cal_${'A'.repeat(43)}`)).status, 404);
    assert.equal((await feed('/v1/integration/calendar/nonsense')).status, 404);
  });

  it("logs a feed's fetch with the feed's id, never its token", async () => {
    const logged = logs.entries().length;
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.anna }, 201);
    const { token, path: feedPath } = created.body;
    const secret = token.slice('cal_'.length);
    assert.equal((await feed(feedPath)).status, 200);
    // Every way a phone or a mistyped URL might send the same token reaches the log too.
    for (const variant of [
      `${feedPath}/`,
      `${feedPath}/extra`,
      feedPath.replace('/calendar/', '/CALENDAR/'),
      feedPath.replace('/calendar/', '/%63alendar/'),
      `/V1/INTEGRATION/CALENDAR/${token}`,
    ]) {
      assert.notEqual((await feed(variant)).status, 500, variant);
    }
    await admin(app, 'POST', `${salon.base}/calendar-feeds/${created.body.id}/revoke`, undefined, 200);
    assert.equal((await feed(feedPath)).status, 404);

    assert.equal(logs.text().includes(secret), false, 'no log line holds the token');
    const fetches = logs
      .entries()
      .slice(logged)
      .filter((e) => /calendar\//i.test(e.path ?? ''));
    assert.ok(fetches.length >= 7, `${fetches.length} feed requests logged`);
    const served = fetches.filter((e) => e.status === 200);
    assert.ok(served.length >= 1);
    for (const entry of served) {
      assert.equal(entry.path, '/v1/integration/calendar/:token');
      assert.equal(entry.calendarFeedId, created.body.id);
    }
  });

  it("keeps businesses apart: another business's feed, staff member or business is 404", async () => {
    const mine = await admin(app, 'POST', `${salon.base}/calendar-feeds`, undefined, 201);
    await admin(app, 'POST', `${other.base}/calendar-feeds/${mine.body.id}/revoke`, undefined, 404);
    await admin(app, 'POST', `${other.base}/calendar-feeds`, { staffId: salon.anna }, 404);
    await admin(app, 'POST', '/businesses/999999/calendar-feeds', undefined, 404);
    assert.equal((await admin(app, 'GET', `${other.base}/calendar-feeds`, undefined, 200)).body.total, 0);
    const theirs = await admin(app, 'POST', `${other.base}/calendar-feeds`, undefined, 201);
    assert.equal(events((await feed(theirs.body.path)).text).length, 0, "none of this salon's bookings");
  });

  for (const [body, field] of [
    [{ staffId: 0 }, 'staffId'],
    [{ name: '' }, 'name'],
    [{ staffId: 1, colour: 'red' }, 'colour'],
  ] as const) {
    it(`refuses ${JSON.stringify(body)}`, async () => {
      const reply = await admin(app, 'POST', `${salon.base}/calendar-feeds`, body);
      assert.equal(reply.status, 400, reply.text);
      assert.equal(reply.body.field, field);
    });
  }
});

describe('a no-show in a calendar feed', () => {
  const { app, clock, salon } = useSalon();

  it('marks a no-show CANCELLED too: the visit did not take place (issue 38)', async () => {
    const body = {
      serviceId: salon.haircut,
      staffId: salon.ben,
      startTime: `${MONDAY}T16:00:00+01:00`,
      client: { name: 'Nora', phone: '+49 30 777' },
    };
    const missed = (await admin(app, 'POST', `${salon.base}/bookings`, body, 201)).body;
    const created = await admin(app, 'POST', `${salon.base}/calendar-feeds`, { staffId: salon.ben }, 201);
    const statusOf = async () =>
      events((await app.request('GET', created.body.path)).text)
        .find((e) => e.get('UID') === `booking-${missed.id}@${salon.businessId}.booking-api`)!
        .get('STATUS');
    assert.equal(await statusOf(), 'CONFIRMED');
    const now = clock.now();
    clock.set(Date.parse(`${MONDAY}T17:00:00+01:00`));
    try {
      await admin(app, 'POST', `${salon.base}/bookings/${missed.id}/no-show`, {}, 200);
      assert.equal(await statusOf(), 'CANCELLED');
    } finally {
      clock.set(now);
    }
  });
});

// Issue 39, a German salon's owner: a calendar address made before the page named feeds in the
// salon's language kept its English name on the phone ("Salon Sonne: All bookings"). The name the
// server or the page gave a feed follows the salon's language when the feed is served; a name
// someone chose stays.
describe("a calendar feed's name in the salon's language, old feeds too", () => {
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  const calendarName = async (path: string) => {
    const reply = await app.request('GET', path);
    assert.equal(reply.status, 200, reply.text);
    return /\r\nX-WR-CALNAME:(.*)\r\n/.exec(reply.text.replace(/\r\n[ \t]/g, ''))?.[1];
  };
  const made = async (body: Record<string, unknown>) => (await admin(app, 'POST', `${salon.base}/calendar-feeds`, body, 201)).body.path;

  it('names the feeds the server named in English in German once the salon speaks German, and back', async () => {
    // As the server named them before the page gave a name: no name in the request.
    const all = await made({});
    const annas = await made({ staffId: salon.anna });
    const chosen = await made({ staffId: salon.ben, name: "Ben's phone" });
    assert.equal(await calendarName(all), 'Salon Sonne: All bookings');
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
    assert.equal(await calendarName(all), 'Salon Sonne: Alle Termine');
    assert.equal(await calendarName(annas), 'Salon Sonne: Termine von Anna');
    assert.equal(await calendarName(chosen), "Salon Sonne: Ben's phone", 'a name someone chose stays');
    // The page named this one in German; an English salon shows it in English.
    const german = await made({ name: 'Alle Termine' });
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
    assert.equal(await calendarName(german), 'Salon Sonne: All bookings');
  });
});
