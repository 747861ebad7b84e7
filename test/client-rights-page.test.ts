import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { seriousA11yProblems } from './helpers/axe.ts';
import { admin, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// A client's rights over their data on the page (issue 23 section 4): "Download their data" gives
// the export as a file named after them and the day, the summary reads it in the salon's words and
// prints without the buttons, and "Erase this client" asks first, refuses in a sentence while a
// visit is to come, and leaves "Erased client" on the client, the list and the booking.
describe("a client's data on the page: download, summary and erasure, in Chromium", () => {
  if (skippedWithoutChromium()) return;
  const { app, clock, salon } = useSalon({ name: 'Salon Ida' });
  const GRACE = { name: 'Grace Hopper', email: 'grace@example.com', phone: '+49 170 5550123' };
  let grace = 0;
  let ada = 0;
  let visit = 0;

  before(async () => {
    const book = async (client: object, staffId: number, startTime: string, notes = '') =>
      (await admin(app, 'POST', `${salon.base}/bookings`, { serviceId: salon.haircut, staffId, startTime, client, notes }, 201)).body;
    const made = await book(GRACE, salon.anna, `${MONDAY}T10:00:00+01:00`, 'Likes green tea');
    [grace, visit] = [made.client.id, made.id];
    await admin(app, 'PATCH', `${salon.base}/clients/${grace}`, { notes: 'Allergic to lavender' }, 200);
    clock.set(Date.parse('2026-11-25T12:00:00Z'));
    await admin(app, 'POST', `${salon.base}/bookings/${visit}/complete`, undefined, 200);
    const paid = await admin(app, 'POST', `${salon.base}/payments`, { bookingId: visit, amount: 3500, method: 'card' }, 201);
    await admin(app, 'POST', `${salon.base}/payments/${paid.body.id}/refund`, { amount: 500, reason: 'Fringe too short' }, 201);
    await admin(app, 'POST', `${salon.base}/reviews`, { rating: 5, comment: 'Lovely', authorName: 'Grace H.', bookingId: visit }, 201);
    ada = (await book({ name: 'Ada Lovelace', email: 'ada@example.com' }, salon.ben, '2026-11-30T10:00:00+01:00')).client.id;
  });
  // The page's clock is the server's (set above): which visits are still to come is the same for both.
  const { page, guard } = useBrowser({ app, logInAt: '/#clients', pageClock: clock });
  const rights = () => page.getByRole('region', { name: 'Their data' });

  it('downloads everything held about the client as a JSON file named after them and the day', async () => {
    await page.goto(`${app.url}/#clients/${grace}`);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      rights().getByRole('button', { name: 'Download their data' }).click(),
    ]);
    assert.equal(file.suggestedFilename(), 'grace-hopper-2026-11-25.json');
    const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
    assert.deepEqual(
      [data.client.name, data.client.email, data.client.phone, data.client.notes],
      [...Object.values(GRACE), 'Allergic to lavender'],
    );
    assert.deepEqual(
      data.bookings.map((b: any) => [b.id, b.status, b.notes]),
      [[visit, 'completed', 'Likes green tea']],
    );
    assert.deepEqual(
      data.payments.map((p: any) => [p.kind, p.amount]),
      [
        ['payment', 3500],
        ['refund', 500],
      ],
    );
    assert.deepEqual(
      data.reviews.map((r: any) => [r.rating, r.authorName]),
      [[5, 'Grace H.']],
    );
    assert.equal(data.history[0].bookingId, visit);
    await rights().getByText('Downloaded grace-hopper-2026-11-25.json', { exact: false }).waitFor();
    guard.assertClean();
  });

  it('shows what is held in the salon’s words, and prints it without the buttons', async () => {
    await page.goto(`${app.url}/#clients/${grace}`);
    await rights().getByRole('link', { name: 'See what is held, to print' }).click();
    await page.getByRole('heading', { name: 'What the salon holds about Grace Hopper' }).waitFor();
    const details = await page.getByRole('region', { name: 'Their details' }).innerText();
    for (const value of [...Object.values(GRACE), 'Allergic to lavender']) assert.ok(details.includes(value), details);
    const visits = await page.getByRole('region', { name: 'Visits (1)' }).innerText();
    assert.match(visits, /Mon, 23 Nov 2026, 10:00 · Haircut with Anna · €35\.00 · Completed/);
    assert.match(visits, /Booked by the salon on .*; details given: Grace Hopper · grace@example\.com · \+49 170 5550123\./);
    assert.match(visits, /Their notes: “Likes green tea”/);
    const payments = await page.getByRole('region', { name: 'Payments and refunds' }).innerText();
    assert.match(payments, /Payment of €35\.00 \(card\) for the visit on Mon, 23 Nov 2026, 10:00/);
    assert.match(payments, /Refund of €5\.00 \(card\) for the visit on Mon, 23 Nov 2026, 10:00\s+Reason: Fringe too short/);
    const reviews = await page.getByRole('region', { name: 'Reviews' }).innerText();
    assert.match(reviews, /5 of 5 stars for the visit on Mon, 23 Nov 2026, 10:00, signed “Grace H\.”\s+“Lovely”/);
    const mails = await page.getByRole('region', { name: 'E-mails sent to them' }).innerText();
    assert.match(
      mails,
      /Booking confirmation for the visit on Mon, 23 Nov 2026, 10:00 to grace@example\.com · Not sent/,
      'no mail server yet',
    );
    assert.doesNotMatch(await page.locator('#view').innerText(), /bookedAs|client_id|null|undefined/);
    assert.deepEqual(await seriousA11yProblems(page, '#view'), []);

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Print' }).isVisible(), false, 'no buttons on paper');
    assert.equal(await page.locator('#sections').isVisible(), false, 'no menu on paper');
    assert.equal(await page.getByRole('region', { name: 'Visits (1)' }).isVisible(), true);
    await page.emulateMedia({ media: 'screen' });
    guard.assertClean();
  });

  it('refuses to erase a client with a visit to come at once, in a sentence, without a question first', async () => {
    await page.goto(`${app.url}/#clients/${ada}`);
    await rights().getByRole('button', { name: 'Erase this client' }).click();
    await rights()
      .locator('.notice.error')
      .getByText(
        'This client has visits still to come, so they cannot be erased yet. Cancel those visits first (open each under Visits), then erase the client.',
      )
      .waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'no question the server would refuse');
    assert.equal((await admin(app, 'GET', `${salon.base}/clients/${ada}`, undefined, 200)).body.email, 'ada@example.com');
  });

  it('keeps a client when asked to', async () => {
    await page.goto(`${app.url}/#clients/${grace}`);
    await rights().getByRole('button', { name: 'Erase this client' }).click();
    const question = page.getByRole('dialog', { name: 'Erase Grace Hopper?' });
    await question.getByText('Their visits and payments stay as the salon’s records', { exact: false }).waitFor();
    assert.deepEqual(await seriousA11yProblems(page, 'dialog'), []);
    await question.getByRole('button', { name: 'Keep the client' }).click();
    await question.waitFor({ state: 'detached' });
    assert.equal((await admin(app, 'GET', `${salon.base}/clients/${grace}`, undefined, 200)).body.name, 'Grace Hopper');
  });

  it('erases a client after the question: "Erased client" on their page, in the list and on the booking', async () => {
    await page.goto(`${app.url}/#clients/${grace}`);
    await rights().getByRole('button', { name: 'Erase this client' }).click();
    await page.getByRole('dialog', { name: 'Erase Grace Hopper?' }).getByRole('button', { name: 'Erase for good' }).click();
    await page.getByText('Erased the client’s personal data.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Erased client', level: 2 }).waitFor();
    // Nothing of theirs is left to change (issue 27): no form, but when they were erased.
    const details = page.getByRole('region', { name: 'Contact details' });
    await details
      .getByText(
        'This client was erased on Wed, 25 Nov 2026, 13:00: their name, e-mail address, phone number and notes are gone, and there is nothing left to change.',
      )
      .waitFor();
    assert.equal(await page.locator('#view form').count(), 0, 'no form to fill');
    assert.equal(await page.getByRole('button', { name: 'Save contact details' }).count(), 0);
    assert.equal(await page.getByLabel('Name', { exact: true }).count(), 0);
    assert.equal(await rights().getByRole('button', { name: 'Erase this client' }).count(), 0);
    await page
      .getByRole('region', { name: /^Visits/ })
      .getByText('Haircut', { exact: false })
      .first()
      .waitFor();
    const shown = await page.locator('#view').innerText();
    for (const trace of ['Grace', 'Hopper', 'grace@', '5550123', 'lavender'])
      assert.ok(!shown.includes(trace), `${trace} is gone: ${shown}`);

    await page.getByRole('link', { name: '← All clients' }).click();
    const row = page.locator(`.client-results [data-client-id="${grace}"]`);
    assert.equal((await row.innerText()).trim(), 'Erased client');

    await page.goto(`${app.url}/#bookings/${visit}`);
    await page.getByRole('heading', { name: 'Erased client, 10:00', level: 2 }).waitFor();
    const booking = await page.locator('#view').innerText();
    assert.match(booking, /Client\s+Erased client/);
    for (const trace of ['Grace', 'Hopper', 'grace@', '5550123', 'green tea'])
      assert.ok(!booking.includes(trace), `${trace} is gone: ${booking}`);
    guard.assertClean();
  });
});
