import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, MONDAY, TEST_NOW } from './helpers/salon.ts';
import { useSalon } from './helpers/suite.ts';

// Issue 22, section 1: the salon's booking page books through endpoints made for it, without a
// key, first party only, with the business's booking rules and limits per client address (rate,
// holds, bookings a day) and per e-mail address (upcoming bookings). The server trusts
// X-Forwarded-For here, so each test speaks from client addresses of its own.

const TUESDAY = '2026-11-24';
const WEDNESDAY = '2026-11-25';
const at = (time: string, date = MONDAY) => `${date}T${time}:00+01:00`;
const PAGE = '/v1/booking-page/salon';

describe('the booking page endpoints', () => {
  const { clock, app, salon } = useSalon({
    config: { trustProxy: true, pageHoldsPerAddress: 2, pageBookingsPerDay: 3, pageOpenBookingsPerEmail: 2 },
  });

  /** A client at `address`: requests with that X-Forwarded-For, no key. */
  const visitor = (address: string) => {
    const headers = { 'X-Forwarded-For': address };
    return {
      get: (path: string) => app.request('GET', `${PAGE}${path}`, { headers }),
      slots: async (date: string, extra = '') => {
        const reply = await app.request('GET', `${PAGE}/slots?serviceId=${salon.haircut}&date=${date}${extra}`, { headers });
        assert.equal(reply.status, 200, reply.text);
        return (reply.body.data as Array<{ startTime: string }>).map((slot) => new Date(slot.startTime).toISOString());
      },
      hold: (startTime: string, extra: Record<string, unknown> = {}) =>
        app.request('POST', `${PAGE}/holds`, { headers, body: { serviceIds: [salon.haircut], staffId: salon.anna, startTime, ...extra } }),
      release: (holdToken: string) => app.request('POST', `${PAGE}/holds/release`, { headers, body: { holdToken } }),
      book: (holdToken: string, client: Record<string, unknown> = { name: 'Lena Kraus', email: 'lena@example.com' }) =>
        app.request('POST', `${PAGE}/bookings`, { headers, body: { holdToken, client } }),
    };
  };
  /** Holds `time` and books it as `email`; the booking's answer. */
  const holdAndBook = async (address: string, time: string, email: string, name = 'Lena Kraus') => {
    const client = visitor(address);
    const held = await client.hold(time);
    assert.equal(held.status, 201, held.text);
    return client.book(held.body.token, { name, email });
  };

  it('shows the salon, what can be booked and by whom, and nothing private, without a key', async () => {
    const page = await visitor('198.51.100.1').get('');
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.slug, 'salon');
    assert.equal(page.body.name, 'Salon');
    assert.equal(page.body.today, '2026-11-21');
    assert.equal(page.body.locale, 'en-GB');
    assert.deepEqual(
      page.body.services.map((s: { name: string }) => s.name),
      ['Haircut', 'Colour'],
    );
    assert.deepEqual(page.body.staff, [
      { id: salon.anna, name: 'Anna', title: null, serviceIds: [salon.haircut, salon.colour] },
      { id: salon.ben, name: 'Ben', title: null, serviceIds: [salon.haircut] },
    ]);
    assert.doesNotMatch(page.text, /anna@salon\.test|\+49 30 111/, "no staff member's contact details");
    assert.equal((await visitor('198.51.100.1').get('-nobody')).status, 404);
    const html = await app.request('GET', '/book/salon');
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /text\/html/);
    assert.equal((await app.request('GET', '/book/nobody')).status, 404, 'the page, saying there is no booking page here');
    assert.equal((await app.request('GET', '/book/SALON')).status, 200, 'the short name in any case');
  });

  it('books a held time: confirmed at once, held for nobody else meanwhile, on the calendar as the booking page', async () => {
    const lena = visitor('198.51.100.2');
    const other = visitor('198.51.100.3');
    const time = at('10:30');
    const instant = new Date(time).toISOString();
    assert.ok((await lena.slots(MONDAY, `&staffId=${salon.anna}`)).includes(instant));
    const held = await lena.hold(time);
    assert.equal(held.status, 201, held.text);
    assert.match(held.body.token, /^hold_[A-Za-z0-9_-]{43}$/);
    assert.equal(held.body.staffName, 'Anna');
    assert.equal(held.body.expiresInSeconds, 300);
    assert.ok(!(await other.slots(MONDAY, `&staffId=${salon.anna}`)).includes(instant), "another visitor's list leaves it out");
    assert.ok(!(await lena.slots(MONDAY, `&staffId=${salon.anna}`)).includes(instant), 'so does the holder’s: the page holds it for her');
    assert.equal((await other.hold(time)).body.code, 'slot_unavailable');
    const calendarHolds = (await admin(app, 'GET', `${salon.base}/holds`, undefined, 200)).body.data;
    assert.deepEqual(
      calendarHolds.map((h: { keyName: string; startTime: string }) => [h.keyName, h.startTime.slice(0, 16)]),
      [['Booking page', '2026-11-23T10:30']],
    );

    const booked = await lena.book(held.body.token, { name: 'Lena Kraus', email: 'lena@example.com', phone: '+49 170 1234567' });
    assert.equal(booked.status, 201, booked.text);
    assert.equal(booked.body.status, 'confirmed');
    assert.equal(booked.body.staffName, 'Anna');
    assert.equal(booked.body.startTime.slice(0, 16), '2026-11-23T10:30');
    assert.deepEqual(booked.body.client, { name: 'Lena Kraus', email: 'lena@example.com', phone: '+49 170 1234567' });
    assert.equal((await lena.book(held.body.token)).status, 404, 'a hold books once: it is gone');
    const bookings = (await admin(app, 'GET', `${salon.base}/bookings?from=${MONDAY}&to=${MONDAY}`, undefined, 200)).body.data;
    const stored = bookings.find((b: { startTime: string }) => b.startTime.startsWith('2026-11-23T10:30'));
    assert.equal(stored.status, 'confirmed');
    assert.equal(stored.source, 'integration');
    assert.equal(stored.client.name, 'Lena Kraus');
    assert.deepEqual((await admin(app, 'GET', `${salon.base}/holds`, undefined, 200)).body.data, []);
  });

  it('refuses a hold that expired while the client typed: 409 hold_expired', async () => {
    const client = visitor('198.51.100.18');
    const held = await client.hold(at('16:15', TUESDAY));
    assert.equal(held.status, 201, held.text);
    clock.advance(5 * 60_000);
    try {
      const late = await client.book(held.body.token);
      assert.equal(late.status, 409);
      assert.equal(late.body.code, 'hold_expired');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it("applies the salon's booking rules as for a widget key", async () => {
    const client = visitor('198.51.100.4');
    await admin(app, 'PATCH', salon.base, { minNoticeMinutes: 72 * 60, horizonDays: 10 }, 200);
    try {
      assert.deepEqual(await client.slots(MONDAY), [], 'Monday is within three days');
      assert.equal((await client.hold(at('15:00'))).body.code, 'too_short_notice');
      assert.equal((await client.hold(at('10:00', '2026-12-07'))).body.code, 'beyond_horizon');
      assert.equal((await client.hold(at('10:00', WEDNESDAY), { staffId: salon.ben })).status, 201);
    } finally {
      await admin(app, 'PATCH', salon.base, { minNoticeMinutes: 0, horizonDays: 60 }, 200);
    }
  });

  it('holds at most BOOKING_PAGE_HOLDS_PER_ADDRESS times per client address, exactly when they come at once', async () => {
    const client = visitor('198.51.100.5');
    const replies = await Promise.all(
      ['09:00', '09:45', '11:15', '14:00', '14:45', '15:30'].map((time) => client.hold(at(time, WEDNESDAY))),
    );
    assert.deepEqual(replies.map((r) => r.status).sort(), [201, 201, 409, 409, 409, 409]);
    assert.ok(replies.filter((r) => r.status === 409).every((r) => r.body.code === 'hold_limit_reached'));
    const other = visitor('198.51.100.6');
    const theirs = await other.hold(at('16:15', WEDNESDAY));
    assert.equal(theirs.status, 201, 'another address has places of its own');
    const mine = replies.find((r) => r.status === 201)!;
    assert.equal((await client.release(mine.body.token)).status, 204);
    assert.equal((await client.release(mine.body.token)).status, 404, 'released once');
    assert.equal((await client.hold(at('17:00', WEDNESDAY))).status, 201, 'a released hold frees its place');
    clock.advance(5 * 60_000);
    try {
      assert.equal((await client.hold(at('17:00', WEDNESDAY), { staffId: salon.ben })).status, 201, 'expired holds do not count');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('takes at most BOOKING_PAGE_BOOKINGS_PER_DAY bookings from one client address a UTC day', async () => {
    const address = '198.51.100.7';
    for (const [i, time] of ['09:00', '09:45', '10:30'].entries()) {
      const reply = await holdAndBook(address, at(time, '2026-11-26'), `daily${i}@example.com`);
      assert.equal(reply.status, 201, reply.text);
    }
    const fourth = await holdAndBook(address, at('11:15', '2026-11-26'), 'daily3@example.com');
    assert.equal(fourth.status, 429);
    assert.equal(fourth.body.code, 'too_many_bookings');
    assert.equal(fourth.headers.get('retry-after'), String(14 * 3600), 'until midnight UTC');
    assert.equal((await holdAndBook('198.51.100.8', at('14:00', '2026-11-26'), 'daily4@example.com')).status, 201, 'another address books');
    clock.set(Date.parse('2026-11-22T00:00:00Z'));
    try {
      assert.equal((await holdAndBook(address, at('14:45', '2026-11-26'), 'daily5@example.com')).status, 201, 'a new day');
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('gives one e-mail address at most BOOKING_PAGE_OPEN_BOOKINGS_PER_EMAIL upcoming bookings made on the page', async () => {
    const date = '2026-11-27';
    const first = await holdAndBook('198.51.100.9', at('09:00', date), 'Busy@Example.com');
    assert.equal(first.status, 201, first.text);
    assert.equal((await holdAndBook('198.51.100.10', at('09:45', date), 'busy@example.com')).status, 201);
    const third = await holdAndBook('198.51.100.11', at('10:30', date), 'BUSY@example.com');
    assert.equal(third.status, 409);
    assert.equal(third.body.code, 'open_bookings_limit');
    // The salon books the same client at the desk: that is not the page's to count.
    const desk = await admin(app, 'POST', `${salon.base}/bookings`, {
      serviceId: salon.haircut,
      staffId: salon.ben,
      startTime: at('11:15', date),
      client: { name: 'Lena Kraus', email: 'busy@example.com' },
    });
    assert.equal(desk.status, 201, desk.text);
    const bookings = (await admin(app, 'GET', `${salon.base}/bookings?from=${date}&to=${date}`, undefined, 200)).body.data;
    const online = bookings.find((b: { startTime: string }) => b.startTime.startsWith(`${date}T09:00`));
    await admin(app, 'POST', `${salon.base}/bookings/${online.id}/cancel`, { reason: 'moved away' }, 200);
    assert.equal((await holdAndBook('198.51.100.11', at('14:00', date), 'busy@example.com')).status, 201, 'a cancelled one does not count');
  });

  it("keeps a new client's booking pending when the salon confirms new clients itself", async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { confirmNewClients: true }, 200);
    try {
      const date = '2026-11-30';
      const fresh = await holdAndBook('198.51.100.12', at('09:00', date), 'new@example.com', 'Nina New');
      assert.equal(fresh.body.status, 'pending', 'a client the salon has not seen');
      assert.equal(fresh.body.emailed, false, 'no mail server: no e-mail is on its way (issue 27)');
      // A client the salon booked at the desk before is one it has seen.
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        {
          serviceId: salon.haircut,
          staffId: salon.ben,
          startTime: at('09:00', date),
          client: { name: 'Rita Regular', email: 'rita@example.com' },
        },
        201,
      );
      const regular = await holdAndBook('198.51.100.13', at('10:30', date), 'rita@example.com', 'Rita Regular');
      assert.equal(regular.body.status, 'confirmed');
      const pretender = await holdAndBook('198.51.100.14', at('14:00', date), 'rita@example.com', 'Someone Else');
      assert.equal(pretender.body.status, 'pending', "another name on a known client's address waits for the salon");
      const again = await holdAndBook('198.51.100.15', at('14:45', date), 'new@example.com', 'Nina New');
      assert.equal(again.body.status, 'pending', 'a client whose only bookings were online is still new');
    } finally {
      await admin(app, 'PATCH', `${salon.base}/booking-page`, { confirmNewClients: false }, 200);
    }
  });

  it('answers its own page only: another Origin is 403, and no answer carries CORS headers', async () => {
    const own = await app.request('GET', PAGE, { headers: { Origin: app.url, 'X-Forwarded-For': '198.51.100.16' } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('access-control-allow-origin'), null);
    const foreign = await app.request('POST', `${PAGE}/holds`, {
      headers: { Origin: 'https://evil.example', 'X-Forwarded-For': '198.51.100.16' },
      body: { serviceIds: [salon.haircut], startTime: at('15:30', TUESDAY) },
    });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'origin_not_allowed');
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
    const preflight = await app.request('OPTIONS', `${PAGE}/holds`, {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null, 'a preflight from another site is not allowed');
    assert.equal((await visitor('198.51.100.16').hold(at('15:30', TUESDAY))).status, 201, 'without an Origin (not a browser): allowed');
  });

  it('keeps its key out of sight: not among the API keys, not revocable, no value opens it', async () => {
    const keys = (await admin(app, 'GET', `${salon.base}/keys`, undefined, 200)).body.data;
    assert.ok(!keys.some((k: { name: string }) => k.name === 'Booking page'));
    const pageKey = await app.context.db
      .selectFrom('api_keys')
      .select(['id', 'scopes'])
      .where('kind', '=', 'page')
      .where('business_id', '=', salon.businessId)
      .executeTakeFirstOrThrow();
    assert.equal(pageKey.scopes, '[]');
    assert.equal((await admin(app, 'POST', `${salon.base}/keys/${pageKey.id}/revoke`)).status, 404);
  });

  it('gives every salon a short name of its own, which the salon may change', async () => {
    const twin = (await admin(app, 'POST', '/businesses', { name: 'Salon', timezone: 'Europe/Berlin' }, 201)).body;
    const twinPage = (await admin(app, 'GET', `/businesses/${twin.id}/booking-page`, undefined, 200)).body;
    assert.equal(twinPage.slug, 'salon-2');
    assert.equal(twinPage.pageUrl, `${app.url}/book/salon-2`);
    assert.equal(twinPage.embedLine, `<script src="${app.url}/embed.js" data-business="salon-2"></script>`);
    assert.match(twinPage.qrCodeSvg, /^<svg[^>]*>.*<\/svg>\s*$/s);
    const taken = await admin(app, 'PATCH', `/businesses/${twin.id}/booking-page`, { slug: 'salon' });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'page_slug_taken');
    assert.equal((await admin(app, 'PATCH', `/businesses/${twin.id}/booking-page`, { slug: 'Not A Slug' })).status, 400);
    const moved = await admin(app, 'PATCH', `/businesses/${twin.id}/booking-page`, { slug: 'friseur-mueller', locale: 'de-DE' }, 200);
    assert.equal(moved.body.pageUrl, `${app.url}/book/friseur-mueller`);
    assert.equal((await app.request('GET', '/v1/booking-page/friseur-mueller')).body.locale, 'de-DE');
    assert.equal((await app.request('GET', '/v1/booking-page/salon-2')).status, 404, 'the old address is free again');
    const named = (await admin(app, 'POST', '/businesses', { name: 'Friseur Müller & Söhne', timezone: 'Europe/Berlin' }, 201)).body;
    assert.equal((await admin(app, 'GET', `/businesses/${named.id}/booking-page`, undefined, 200)).body.slug, 'friseur-mueller-soehne');
  });

  it("knows whether the salon chose its page's language: a choice, en-GB included, holds; null gives it back to each visitor", async () => {
    const page = () => app.request('GET', '/v1/booking-page/salon').then((r) => r.body);
    const settings = () => admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200).then((r) => r.body);
    assert.equal((await settings()).locale, null, 'a new salon has chosen none');
    assert.deepEqual([(await page()).locale, (await page()).localeChosen], ['en-GB', false]);
    assert.equal((await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200)).body.locale, 'en-GB');
    assert.deepEqual([(await page()).locale, (await page()).localeChosen], ['en-GB', true], 'English (UK) chosen is a choice');
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-AT' }, 200);
    assert.equal((await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: null }, 200)).body.locale, null);
    assert.deepEqual([(await page()).locale, (await page()).localeChosen], ['en-GB', false], 'English for visitors of other languages');
    const wrong = await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'fr-FR' });
    assert.equal(wrong.status, 400);
    assert.equal((await settings()).locale, null, 'a refused change changes nothing');
  });

  it("serves the salon's logo beside the page, checked to be the image it says", async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const set = await admin(
      app,
      'PUT',
      `${salon.base}/booking-page/logo`,
      { image: `data:image/png;base64,${png.toString('base64')}` },
      200,
    );
    assert.deepEqual({ ...set.body.logo, updatedAt: undefined }, { contentType: 'image/png', bytes: png.length, updatedAt: undefined });
    const page = (await visitor('198.51.100.17').get('')).body;
    const logo = await fetch(`${app.url}/book/salon/logo?v=${page.logoVersion}`);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await logo.arrayBuffer()), png);
    const lie = await admin(app, 'PUT', `${salon.base}/booking-page/logo`, { image: `data:image/jpeg;base64,${png.toString('base64')}` });
    assert.equal(lie.status, 400);
    const huge = Buffer.concat([png, Buffer.alloc(101 * 1024)]);
    assert.equal(
      (await admin(app, 'PUT', `${salon.base}/booking-page/logo`, { image: `data:image/png;base64,${huge.toString('base64')}` })).status,
      400,
    );
    assert.equal((await admin(app, 'DELETE', `${salon.base}/booking-page/logo`, undefined, 200)).body.logo, null);
    assert.equal((await app.request('GET', '/book/salon/logo')).status, 404);
  });
});

describe('the booking page rate limit per client address', () => {
  const { clock, app } = useSalon({ now: Date.parse('2026-11-21T10:00:30Z'), config: { trustProxy: true, pageRatePerMinute: 5 } });

  it('answers 429 rate_limited after the minute’s requests, until the next minute; other addresses go on', async () => {
    const get = (address: string) => app.request('GET', PAGE, { headers: { 'X-Forwarded-For': address } });
    for (let i = 0; i < 5; i += 1) assert.equal((await get('203.0.113.1')).status, 200);
    const refused = await get('203.0.113.1');
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'rate_limited');
    assert.equal(refused.headers.get('retry-after'), '30');
    assert.equal((await get('203.0.113.2')).status, 200, 'another address');
    assert.equal((await get('2001:db8:1:2::1')).status, 200);
    for (let i = 0; i < 4; i += 1) await get(`2001:db8:1:2::${i + 2}`);
    assert.equal((await get('2001:db8:1:2:ffff::9')).status, 429, 'an IPv6 /64 counts as one address');
    clock.advance(30_000);
    assert.equal((await get('203.0.113.1')).status, 200, 'the next minute');
  });
});
