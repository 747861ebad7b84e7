import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fitsWidth } from './helpers/browser.ts';
import { admin, bookingBody, TEST_NOW } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The salon's back office in Chromium: each screen does its main job, and the result is read back
// through the admin API. One browser, one tab, one login for the whole file.
describe('the back office in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  let annaBooking = 0;

  before(async () => {
    annaBooking = (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        bookingBody(salon.haircut, '2026-11-23T10:00:00+01:00', { staffId: salon.anna }),
        201,
      )
    ).body.id;
  });
  const { page, guard } = useBrowser({ app, logInAt: '/#services' });

  const nav = (name: string) => page.getByRole('link', { name, exact: true }).click();
  const get = async (path: string) => (await admin(app, 'GET', `${salon.base}${path}`, undefined, 200)).body;
  const dialog = () => page.getByRole('dialog');
  const confirm = async (button: string) => {
    await dialog().getByRole('button', { name: button }).click();
    await dialog().waitFor({ state: 'detached' });
  };
  const good = () => page.locator('#view .notice.good');
  const refusal = () => page.locator('#view .notice.error');

  it('services: adds one, changes its price, switches it off and deletes it, asking first', async () => {
    await nav('Services');
    await page.locator('.card.service', { hasText: 'Haircut' }).waitFor();
    await page.getByRole('link', { name: 'Add a service' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Beard trim');
    await page.getByLabel('Duration in minutes').fill('3');
    await page.getByLabel('Price in EUR').fill('12,50');
    await page.getByLabel('Minutes to prepare before').fill('5');
    await page.getByLabel('Minutes to clean up after').fill('10');
    await page.getByRole('button', { name: 'Add service' }).click();
    assert.equal(await refusal().innerText(), 'The duration must be between 5 and 720.');

    await page.getByLabel('Duration in minutes').fill('20');
    await page.getByRole('button', { name: 'Add service' }).click();
    await good().getByText('Added “Beard trim”: 20 minutes (plus 5 minutes to prepare and 10 minutes to clean up), €12.50.').waitFor();
    assert.equal(page.url().endsWith('#services'), true, page.url());
    const made = (await get('/services')).data.find((s: { name: string }) => s.name === 'Beard trim');
    assert.deepEqual(
      [made.durationMinutes, made.price, made.currency, made.bufferBeforeMinutes, made.bufferAfterMinutes, made.active],
      [20, 1250, 'EUR', 5, 10, true],
    );

    await page.getByRole('link', { name: 'Beard trim' }).click();
    await page.getByLabel('Price in EUR').fill('15');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await good().getByText('Saved “Beard trim”.', { exact: false }).waitFor();
    assert.equal((await get(`/services/${made.id}`)).price, 1500);

    await page.getByRole('button', { name: 'Switch off' }).click();
    assert.match(await dialog().innerText(), /Clients can no longer book it/);
    await confirm('Switch off');
    await good().getByText('“Beard trim” is switched off: it can no longer be booked.').waitFor();
    assert.equal((await get(`/services/${made.id}`)).active, false);
    assert.equal(await page.locator('.view-head .badge').innerText(), 'Switched off');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm('Cancel');
    assert.equal((await get(`/services/${made.id}`)).id, made.id, 'cancel deleted it');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm('Delete service');
    await good().getByText('Deleted “Beard trim”.').waitFor();
    assert.equal((await admin(app, 'GET', `${salon.base}/services/${made.id}`)).status, 404);
    assert.equal(await page.locator('.card.service', { hasText: 'Beard trim' }).count(), 0);
  });

  it('staff: adds a staff member with hours and services, changes them, and plans time off showing the bookings it overlaps', async () => {
    await nav('Staff');
    await page.locator('.card.staff', { hasText: 'Anna' }).waitFor();
    await page.getByRole('link', { name: 'Add a staff member' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Carla');
    await page.getByLabel('Title (optional)').fill('Colourist');
    await page.getByLabel('E-mail (optional)').fill('carla-at-the-salon');
    await page.getByLabel('Haircut').check();
    // A new staff member's week is the setup's (issue 27): Monday to Friday 09:00–18:00 to start.
    assert.equal(await page.getByLabel('Monday from', { exact: true }).inputValue(), '09:00');
    assert.equal(await page.getByLabel('Monday until', { exact: true }).inputValue(), '18:00');
    await page.getByLabel('Monday break from', { exact: true }).fill('13:00');
    await page.getByLabel('Monday break until', { exact: true }).fill('13:30');
    await page.getByLabel('Tuesday until', { exact: true }).fill('08:00');
    await page.getByLabel('Works on Saturday').check();
    await page.getByLabel('Saturday from', { exact: true }).fill('10:00');
    await page.getByLabel('Saturday until', { exact: true }).fill('14:00');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    assert.match(await refusal().innerText(), /^Tuesday: the closing time must come after the opening time\.$/);

    await page.getByLabel('Tuesday until', { exact: true }).fill('17:00');
    guard.expect(/status of 400/);
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await refusal().getByText('An e-mail address is written like name@example.com.').waitFor();
    await page.getByLabel('E-mail (optional)').fill('carla@salon.test');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await good().getByText('Added Carla.', { exact: false }).waitFor();
    const carlaId = Number(page.url().split('#staff/')[1]);
    let carla = await get(`/staff/${carlaId}`);
    assert.deepEqual([carla.name, carla.title, carla.email, carla.serviceIds], ['Carla', 'Colourist', 'carla@salon.test', [salon.haircut]]);
    assert.deepEqual(carla.schedule.mon, { hours: [{ start: '09:00', end: '18:00' }], breaks: [{ start: '13:00', end: '13:30' }] });
    assert.deepEqual(carla.schedule.tue, { hours: [{ start: '09:00', end: '17:00' }], breaks: [] });
    assert.deepEqual(carla.schedule.sat, { hours: [{ start: '10:00', end: '14:00' }], breaks: [] });
    assert.deepEqual(carla.schedule.sun, { hours: [], breaks: [] });

    await page.getByLabel('Phone (optional)').fill('+49 30 222');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.locator('#staff-details .notice.good').getByText('Saved Carla’s details.').waitFor();
    await page.getByLabel('Colour').check();
    await page.getByRole('button', { name: 'Save services' }).click();
    await page.locator('#staff-services .notice.good').getByText('Saved: Carla does Haircut, Colour.').waitFor();
    // The weekly hours are the setup's week (issue 27): a day off is a day unticked.
    assert.equal(await page.getByLabel('Friday from', { exact: true }).inputValue(), '09:00');
    await page.getByLabel('Works on Friday').uncheck();
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await page.locator('#staff-schedule .notice.good').waitFor();
    carla = await get(`/staff/${carlaId}`);
    assert.equal(carla.phone, '+49 30 222');
    assert.deepEqual([...carla.serviceIds].sort(), [salon.haircut, salon.colour].sort());
    assert.deepEqual(carla.schedule.fri, { hours: [], breaks: [] });

    await page.getByRole('button', { name: 'Take off the booking list' }).click();
    await confirm('Take off the list');
    await page.getByText('Carla is off the booking list.').waitFor();
    assert.equal((await get(`/staff/${carlaId}`)).active, false);

    // Time off for Anna, who has a booking on Monday at 10:00.
    await page.goto(`${app.url}/#staff/${salon.anna}`);
    await page.getByLabel('First day').fill('2026-11-23');
    await page.getByLabel('Last day').fill('2026-11-24');
    await page.getByLabel('Note (optional)').fill('Holiday');
    await page.getByRole('button', { name: 'Add time off' }).click();
    const answer = page.locator('#time-off-form .message-area');
    await answer.getByText('Added time off for Anna: Mon, 23 Nov 2026 to Tue, 24 Nov 2026.').waitFor();
    assert.match(await answer.innerText(), /It overlaps a booking\. They stay booked/);
    assert.equal(
      await answer.getByRole('link', { name: 'Mon, 23 Nov 2026, 10:00: Ada Lovelace, Haircut' }).getAttribute('href'),
      `#bookings/${annaBooking}`,
    );
    let timeOff = (await get(`/staff/${salon.anna}/time-off`)).data;
    assert.deepEqual(
      timeOff.map((t: Record<string, unknown>) => [t.allDay, t.startDate, t.endDate, t.note]),
      [[true, '2026-11-23', '2026-11-24', 'Holiday']],
    );

    const row = page.locator(`[data-time-off-id="${timeOff[0].id}"]`);
    await row.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Part of a day').check();
    await page.getByLabel('Day', { exact: true }).fill('2026-11-23');
    await page.getByLabel('From', { exact: true }).fill('14:00');
    await page.getByLabel('Until', { exact: true }).fill('16:00');
    await page.getByRole('button', { name: 'Save time off' }).click();
    await answer.getByText('Changed time off for Anna: Mon, 23 Nov 2026, 14:00–16:00.').waitFor();
    assert.equal(await answer.locator('.notice.warn').count(), 0, 'the afternoon overlaps no booking');
    timeOff = (await get(`/staff/${salon.anna}/time-off`)).data;
    assert.deepEqual(
      timeOff.map((t: Record<string, unknown>) => [t.allDay, t.startTime, t.endTime, t.note]),
      [[false, '2026-11-23T14:00:00.000+01:00', '2026-11-23T16:00:00.000+01:00', 'Holiday']],
    );

    await row.getByRole('button', { name: 'Remove' }).click();
    await confirm('Remove time off');
    await page.getByText('Removed the time off Mon, 23 Nov 2026, 14:00–16:00.').waitFor();
    assert.deepEqual((await get(`/staff/${salon.anna}/time-off`)).data, []);
  });

  it('clients: finds one, adds one, changes contact details, and shows the visits with links to the bookings', async () => {
    await nav('Clients');
    await page.getByText('1 client in all.').waitFor();
    await page.getByRole('link', { name: 'Add a client' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByLabel('E-mail (optional)').fill('ada@example.com');
    guard.expect(/status of 409/);
    await page.getByRole('button', { name: 'Add client' }).click();
    await refusal().getByText('Another client already has this e-mail address.').waitFor();
    await page.getByLabel('E-mail (optional)').fill('grace@example.com');
    await page.getByRole('button', { name: 'Add client' }).click();
    await good().getByText('Added Grace Hopper.').waitFor();
    const graceId = Number(page.url().split('#clients/')[1]);
    assert.deepEqual(
      [(await get(`/clients/${graceId}`)).name, (await get(`/clients/${graceId}`)).email],
      ['Grace Hopper', 'grace@example.com'],
    );
    assert.match(await page.locator('.visits').innerText(), /^Visits\s+No bookings yet\.$/);

    await page.getByRole('link', { name: '← All clients' }).click();
    await page.getByLabel('Search by name, e-mail or phone').fill('grace');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 client matches “grace”.').waitFor();
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByLabel('Phone (optional)').fill('+1 555 0100');
    await page.getByLabel('Notes (optional)').fill('Prefers mornings');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await good().getByText('Saved Grace Hopper’s contact details.', { exact: false }).waitFor();
    const grace = await get(`/clients/${graceId}`);
    assert.deepEqual([grace.phone, grace.notes, grace.email], ['+1 555 0100', 'Prefers mornings', 'grace@example.com']);

    const ada = (await get('/clients?search=ada')).data[0];
    await page.goto(`${app.url}/#clients/${ada.id}`);
    const visit = page.locator(`.visits [data-booking-id="${annaBooking}"]`);
    await visit.waitFor();
    assert.equal(await visit.getByRole('link').getAttribute('href'), `#bookings/${annaBooking}`);
    assert.match(await visit.innerText(), /^Mon, 23 Nov 2026, 10:00 · Haircut with Anna · €35\.00\s+Confirmed$/);
    assert.match(await page.locator('.visits .hint').innerText(), /^1 booking \(1 confirmed\)\.$/);
  });

  it('reviews: enters a review for a completed visit, and says so when the visit was reviewed meanwhile', async () => {
    const completedVisit = async (startTime: string, name: string, email: string) => {
      const booking = (
        await admin(
          app,
          'POST',
          `${salon.base}/bookings`,
          bookingBody(salon.haircut, startTime, { staffId: salon.ben, client: { name, email } }),
          201,
        )
      ).body;
      clock.set(Date.parse(startTime) + 60 * 60_000);
      await admin(app, 'POST', `${salon.base}/bookings/${booking.id}/complete`, undefined, 200);
      clock.set(TEST_NOW);
      return booking.id as number;
    };
    const lin = await completedVisit('2026-11-23T15:00:00+01:00', 'Lin Chen', 'lin@example.com');
    const sam = await completedVisit('2026-11-24T15:00:00+01:00', 'Sam Okafor', 'sam@example.com');

    await nav('Reviews');
    await page.getByText('No reviews yet.').waitFor();
    const visit = page.getByLabel('Visit');
    assert.deepEqual(await visit.locator('option').allInnerTexts(), [
      'Tue, 24 Nov 2026, 15:00 · Sam Okafor · Haircut with Ben',
      'Mon, 23 Nov 2026, 15:00 · Lin Chen · Haircut with Ben',
      'Not about a particular visit',
    ]);
    await visit.selectOption(String(lin));
    await page.getByRole('button', { name: 'Save review' }).click();
    assert.equal(await refusal().innerText(), 'Choose how many stars the client gave.');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Comment (optional)').fill('Lovely cut, thank you Ben!');
    await page.getByRole('button', { name: 'Save review' }).click();
    await good().getByText('Saved 4 stars from Lin. Connected programs are told about it.').waitFor();
    const reviews = (await get('/reviews')).data;
    assert.deepEqual(
      reviews.map((r: Record<string, unknown>) => [r.rating, r.comment, r.authorName, r.bookingId, r.staffName]),
      [[4, 'Lovely cut, thank you Ben!', 'Lin', lin, 'Ben']],
    );
    const card = page.locator(`.card.review[data-review-id="${reviews[0].id}"]`);
    assert.equal(await card.getByRole('img').getAttribute('aria-label'), '4 out of 5 stars');
    assert.equal(await card.getByRole('link', { name: 'the visit' }).getAttribute('href'), `#bookings/${lin}`);
    assert.match(await page.locator('.reviews .summary').innerText(), /^4\.0 out of 5 on average, from 1 review\.$/);
    assert.equal(await visit.locator(`option[value="${lin}"]`).count(), 0, 'a reviewed visit is offered again');
    await page.getByLabel('Reviews of').selectOption({ label: 'Anna' });
    await page.locator('.reviews .summary').getByText('No reviews for Anna yet.').waitFor();
    assert.equal(await page.locator('.card.review').count(), 0);
    await page.getByLabel('Reviews of').selectOption({ label: 'Ben' });
    await page.locator('.reviews .summary').getByText('4.0 out of 5 on average, from 1 review for Ben.').waitFor();
    assert.equal(await page.locator('.card.review').count(), 1);

    // Someone else enters Sam's review meanwhile: the API's refusal reads as a sentence.
    await admin(app, 'POST', `${salon.base}/reviews`, { rating: 5, bookingId: sam }, 201);
    await visit.selectOption(String(sam));
    await page.getByRole('radio', { name: '5 stars' }).check();
    guard.expect(/status of 409/);
    await page.getByRole('button', { name: 'Save review' }).click();
    await refusal().getByText('This booking already has a review.').waitFor();
    assert.equal((await get('/reviews')).total, 2);
  });

  it('settings: changes the salon, its opening hours, booking rules and closed days', async () => {
    await nav('Settings');
    // The review refused above is still in its form: leaving it asks first (issue 27, defect 10).
    await dialog().getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await confirm('Leave without saving');
    await page.getByLabel('Salon name').fill('Hair by Anna & Ben');
    await page.getByLabel('Website (optional)').fill('www.hair-by-anna.test');
    guard.expect(/status of 400/);
    await page.getByRole('button', { name: 'Save salon details' }).click();
    const details = page.locator('#salon-details .message-area');
    await details.getByText('The website must be an http(s) URL.').waitFor();
    await page.getByLabel('Website (optional)').fill('https://hair-by-anna.test');
    await page.getByRole('button', { name: 'Save salon details' }).click();
    await details.getByText('Saved the details of Hair by Anna & Ben.').waitFor();
    const business = await get('');
    assert.deepEqual(
      [business.name, business.website, business.timezone],
      ['Hair by Anna & Ben', 'https://hair-by-anna.test', 'Europe/Berlin'],
    );
    assert.equal(await page.locator('#business-name').innerText(), 'Hair by Anna & Ben');

    // The opening hours are the setup's week (issue 27): times picked, a lunch break, a day ticked.
    await page.getByLabel('Monday until', { exact: true }).fill('08:00');
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    const hours = page.locator('#salon-hours .message-area');
    assert.equal(await hours.innerText(), 'Monday: the closing time must come after the opening time.');
    await page.getByLabel('Monday until', { exact: true }).fill('19:00');
    await page.getByLabel('Monday break from', { exact: true }).fill('13:00');
    await page.getByLabel('Monday break until', { exact: true }).fill('14:00');
    await page.getByLabel('Open on Sunday').check();
    await page.getByLabel('Open on Sunday').uncheck();
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await hours.getByText(/^Saved the opening hours: open \d days a week\.$/).waitFor();
    const workingHours = (await get('')).workingHours;
    assert.deepEqual(workingHours.mon, [
      { start: '09:00', end: '13:00' },
      { start: '14:00', end: '19:00' },
    ]);
    assert.deepEqual(workingHours.sun, []);

    await page.getByLabel('Days ahead clients can book').fill('400');
    await page.getByRole('button', { name: 'Save booking rules' }).click();
    const rules = page.locator('#booking-rules .message-area');
    assert.equal(await rules.innerText(), 'The days ahead must be between 1 and 366.');
    await page.getByLabel('Minimum notice in minutes').fill('120');
    await page.getByLabel('Days ahead clients can book').fill('90');
    await page.getByLabel('Start times offered').selectOption('30');
    await page.getByRole('button', { name: 'Save booking rules' }).click();
    await rules.getByText('Saved: clients can book from 120 minutes ahead up to 90 days ahead, at a start every 30 minutes.').waitFor();
    const after = await get('');
    assert.deepEqual([after.minNoticeMinutes, after.horizonDays, after.slotStepMinutes], [120, 90, 30]);

    await page.getByLabel('First closed day').fill('2026-11-23');
    await page.getByLabel('Last closed day').fill('2026-11-23');
    await page.getByLabel('Note (optional)').fill('Staff training');
    await page.getByRole('button', { name: 'Add closure' }).click();
    const closure = page.locator('#closure-form .message-area');
    await closure.getByText('The salon is closed: Mon, 23 Nov 2026. Nobody can book then.').waitFor();
    assert.equal(await closure.getByRole('link', { name: /Ada Lovelace, Haircut/ }).getAttribute('href'), `#bookings/${annaBooking}`);
    let closures = (await get('/closures')).data;
    assert.deepEqual(
      closures.map((c: Record<string, unknown>) => [c.startDate, c.endDate, c.note]),
      [['2026-11-23', '2026-11-23', 'Staff training']],
    );

    const row = page.locator(`[data-closure-id="${closures[0].id}"]`);
    await row.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('First closed day').fill('2026-12-24');
    await page.getByLabel('Last closed day').fill('2026-12-26');
    await page.getByRole('button', { name: 'Save closure' }).click();
    await closure.getByText('Changed the closure: Thu, 24 Dec 2026 to Sat, 26 Dec 2026. Nobody can book then.').waitFor();
    closures = (await get('/closures')).data;
    assert.deepEqual(
      closures.map((c: Record<string, unknown>) => [c.startDate, c.endDate, c.note]),
      [['2026-12-24', '2026-12-26', 'Staff training']],
    );
    await row.getByRole('button', { name: 'Remove' }).click();
    await confirm('Remove closure');
    await page.getByText('Removed the closure Thu, 24 Dec 2026 to Sat, 26 Dec 2026: clients can book then again.').waitFor();
    assert.deepEqual((await get('/closures')).data, []);
  });

  it('every screen fits a 375 px phone', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      for (const [hash, ready] of [
        ['#services', '.card.service'],
        [`#services/${salon.haircut}`, '.edit-form'],
        ['#staff', '.card.staff'],
        [`#staff/${salon.anna}`, '#time-off-form'],
        ['#clients', '.client-results li'],
        ['#clients/1', '.visits'],
        ['#reviews', '.card.review'],
        ['#settings', '#closure-form'],
      ]) {
        await page.goto(`${app.url}/${hash}`);
        await page.locator(ready!).first().waitFor();
        const { scrollWidth, width } = await fitsWidth(page);
        assert.ok(scrollWidth <= width, `${hash} is ${scrollWidth} px wide on a ${width} px screen`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
