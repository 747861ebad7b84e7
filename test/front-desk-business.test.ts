import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, section 3, at the desk: what the owner runs the business by, in the salon's page.
describe('what the owner runs the business by, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  let maria: number;

  before(async () => {
    maria = (
      await admin(
        app,
        'POST',
        `${salon.base}/clients`,
        { name: 'Maria Schmidt', phone: '+49 151 1234567', notes: 'Allergic to ammonia.\nLikes the window seat.' },
        201,
      )
    ).body.id;
  });
  const { page, guard } = useBrowser({ app, logInAt: `/#calendar/${MONDAY}` });

  const bookFor = async (clientId: number, time: string) =>
    (
      await admin(
        app,
        'POST',
        `${salon.base}/bookings`,
        { serviceId: salon.haircut, staffId: salon.anna, startTime: `${MONDAY}T${time}:00+01:00`, clientId },
        201,
      )
    ).body.id as number;

  it("shows the client's notes on their booking, and nothing where there are none", async () => {
    const id = await bookFor(maria, '10:00');
    await page.goto(`${app.url}/#bookings/${id}`);
    await page.locator('section.booking').waitFor();
    const about = page.locator('.facts div', { has: page.locator('dt', { hasText: 'About the client' }) });
    assert.equal(await about.locator('dd').innerText(), 'Allergic to ammonia.\nLikes the window seat.');

    const lena = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Lena Weber', phone: '+49 170 5550000' }, 201)).body.id;
    await page.goto(`${app.url}/#bookings/${await bookFor(lena, '11:00')}`);
    await page.getByRole('heading', { name: 'Lena Weber, 11:00' }).waitFor();
    assert.equal(await page.getByText('About the client').count(), 0);
    guard.assertClean();
  });

  it('makes a calendar address for a staff member in Settings, shows it once, and stops it', async () => {
    await page.goto(`${app.url}/#settings`);
    const section = page.getByRole('region', { name: 'Calendars on phones' });
    await section.getByText('No calendar addresses yet.').waitFor();
    await section.getByLabel('Whose bookings').selectOption({ label: 'Anna' });
    await section.getByRole('button', { name: 'Make a calendar address' }).click();
    const address = section.getByLabel("Calendar address for Anna's bookings");
    const url = await address.inputValue();
    assert.match(url, new RegExp(`^${app.url}/v1/integration/calendar/cal_[A-Za-z0-9_-]{43}$`));
    const served = await fetch(url);
    assert.equal(served.status, 200);
    const text = await served.text();
    assert.ok(text.indexOf('BEGIN:VTIMEZONE') < text.indexOf('BEGIN:VEVENT'), 'its VTIMEZONE before the events');
    assert.match(text, /DTSTART;TZID=Europe\/Berlin:20261123T100000/, "Maria's haircut at 10:00 in Berlin");

    await section.getByRole('button', { name: 'Done' }).click();
    assert.equal(await address.count(), 0, 'shown once');
    const item = section.getByRole('listitem').filter({ hasText: "Anna's bookings" });
    await item.getByRole('button', { name: 'Stop this address' }).click();
    await page.getByRole('dialog', { name: 'Stop this calendar address?' }).getByRole('button', { name: 'Stop the address' }).click();
    await section.getByText("Stopped the address for Anna's bookings: it shows nothing any more.").waitFor();
    await section.getByText('No calendar addresses yet.').waitFor();
    assert.equal((await fetch(url)).status, 404);
    guard.assertClean();
  });

  it('downloads clients, bookings and payments as CSV, for the accountant and for leaving', async () => {
    const danger = (
      await admin(
        app,
        'POST',
        `${salon.base}/clients`,
        { name: '=HYPERLINK("x")', email: 'eq@example.com', notes: 'Says "hi", often' },
        201,
      )
    ).body.id;
    const visit = await bookFor(danger, '15:00');
    // A client booking on the salon's website (its booking page), and a connected program's booking.
    const { slug } = (await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body;
    const held = await app.request('POST', `/v1/booking-page/${slug}/holds`, {
      body: { serviceIds: [salon.haircut], staffId: salon.ben, startTime: `${MONDAY}T11:00:00+01:00` },
    });
    assert.equal(held.status, 201, held.text);
    const website = await app.request('POST', `/v1/booking-page/${slug}/bookings`, {
      body: { holdToken: held.body.token, client: { name: 'Wanda Web', email: 'wanda@example.com' } },
    });
    assert.equal(website.status, 201, website.text);
    const program = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T14:00:00+01:00`, {
        staffId: salon.ben,
        client: { name: 'Ian Integration', email: 'ian@example.com' },
      }),
    });
    assert.equal(program.status, 201, program.text);
    const paid = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: visit, amount: 3500, method: 'card' }, 201)).body;
    await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 800, reason: 'Fringe, not a cut' }, 201);
    await page.goto(`${app.url}/#reports`);
    const section = page.getByRole('region', { name: 'Your data as CSV' });
    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name }).click()]);
      assert.match(file.suggestedFilename(), /^\w+-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await file.path())!, 'utf8');
      assert.ok(text.startsWith('\uFEFF'), 'a byte order mark, for Excel');
      return text.slice(1).split('\r\n');
    };

    const clients = await download('Download clients');
    assert.equal(clients[0], 'Name,Phone,E-mail,Notes,Client since');
    assert.ok(
      clients.includes('Maria Schmidt,+49 1511234567,,"Allergic to ammonia.\nLikes the window seat.",2026-11-21'),
      clients.join('\n'),
    );
    assert.ok(clients.includes(`"'=HYPERLINK(""x"")",,eq@example.com,"Says ""hi"", often",2026-11-21`), 'a formula is text');

    const bookings = await download('Download bookings');
    assert.equal(bookings[0], 'Date,Start,End,Services,Staff,Client,Phone,E-mail,Status,Price,Currency,Booked by,Booked at,Cancel reason');
    assert.ok(
      bookings.includes(
        `2026-11-23,15:00,15:45,Haircut,Anna,"'=HYPERLINK(""x"")",,eq@example.com,Confirmed,35.00,EUR,the salon,2026-11-21 11:00,`,
      ),
      bookings.join('\n'),
    );
    // Bookings by source as the report counts them (issue 27 section 3): the website's and a
    // connected program's apart, not one "online or a connected program".
    const bookedBy = (name: string) => bookings.find((row) => row.includes(`,${name},`))?.split(',')[11];
    assert.deepEqual(
      [bookedBy('Wanda Web'), bookedBy('Ian Integration')],
      ['the booking page', 'a connected program'],
      bookings.join('\n'),
    );

    const payments = await download('Download payments');
    assert.equal(payments[0], 'Date,Time,Kind,Method,Amount,Currency,Booking,Visit date,Client,Note');
    assert.ok(payments.includes(`2026-11-21,11:00,Payment,Card,35.00,EUR,${visit},2026-11-23,"'=HYPERLINK(""x"")",`), payments.join('\n'));
    assert.ok(
      payments.includes(
        `2026-11-21,11:00,A refund,Card,-8.00,EUR,${visit},2026-11-23,"'=HYPERLINK(""x"")",Fringe, not a cut`.replace(
          'Fringe, not a cut',
          '"Fringe, not a cut"',
        ),
      ),
    );
    assert.equal(payments.at(-1), '', 'ends with a line break');
    guard.assertClean();
  });

  it("shows a period's figures with their charts, prints them without the page around, and downloads them as CSV", async () => {
    const nina = (await admin(app, 'POST', `${salon.base}/clients`, { name: 'Nina Vogel', phone: '+49 170 5552222' }, 201)).body.id;
    await admin(app, 'POST', `${salon.base}/payments`, { bookingId: await bookFor(nina, '16:00'), amount: 4000, method: 'cash' }, 201);
    // The API's figures are checked by hand in test/reports.test.ts; the page shows them as they are.
    const expected = (await admin(app, 'GET', `${salon.base}/report?from=2026-11-01&to=2026-11-30`, undefined, 200)).body;
    const euros = (minor: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(minor / 100);
    const cash = expected.takings.find((t: { method: string }) => t.method === 'cash');
    assert.ok(cash.taken >= 4000);

    await page.goto(`${app.url}/#reports/2026-11-01/2026-11-30`);
    const report = page.locator('section.report');
    const row = report.locator('tr[data-method="cash"]');
    await row.waitFor();
    assert.equal(await report.getByRole('heading', { level: 3 }).innerText(), '1 November 2026 – 30 November 2026');
    assert.deepEqual(await row.locator('td').allInnerTexts(), [euros(cash.taken), euros(cash.refunded), euros(cash.net), '']);
    const anna = expected.staff.find((s: { name: string }) => s.name === 'Anna');
    const annaRow = report.locator(`tr[data-staff-id="${salon.anna}"]`);
    assert.deepEqual((await annaRow.locator('td').allInnerTexts()).slice(0, 2), [`${anna.bookedHours} h`, `${anna.workingHours} h`]);
    const clients = report.locator('.facts div', { has: page.locator('dt', { hasText: 'Clients' }) }).locator('dd');
    assert.equal(await clients.innerText(), `${expected.clients.new} new, ${expected.clients.returning} returning`);

    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('#sections').isVisible(), false, 'no menu on paper');
    assert.equal(await report.getByRole('button', { name: 'Print' }).isVisible(), false);
    assert.equal(await row.isVisible(), true);
    await page.emulateMedia({ media: 'screen' });

    const [file] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download as CSV' }).click()]);
    assert.equal(file.suggestedFilename(), 'report-2026-11-01-2026-11-30.csv');
    const lines = fs
      .readFileSync((await file.path())!, 'utf8')
      .slice(1)
      .split('\r\n');
    assert.equal(lines[0], 'Figure,Count or hours,Amount,Currency');
    assert.ok(lines.includes(`Taken: Cash,,${(cash.taken / 100).toFixed(2)},EUR`), lines.join('\n'));
    assert.ok(lines.includes(`New clients,${expected.clients.new},,`));

    await page.getByLabel('From', { exact: true }).fill('2026-11-23');
    await page.getByLabel('To', { exact: true }).fill('2026-11-23');
    await page.getByRole('button', { name: 'Show' }).click();
    await report.getByRole('heading', { name: 'Monday, 23 November 2026' }).waitFor();
    assert.equal(new URL(page.url()).hash, '#reports/2026-11-23/2026-11-23');
    guard.assertClean();
  });

  it("imports clients from another program's CSV file after showing what happens to each row", async () => {
    await page.goto(`${app.url}/#reports/2026-11-01/2026-11-30`);
    const section = page.getByRole('region', { name: 'Clients from another program' });
    // As a German Excel writes it: a byte order mark, semicolons, a semicolon inside quotes.
    const file = [
      'Vorname;Nachname;E-Mail;Handy;Notizen',
      'Maria;Schmidt;;+49 151 1234567;Prefers mornings',
      'Jonas;Klein;jonas@example.com;+49 160 1112222;"Colour 6/0; no ""ammonia"""',
      ';;nobody@example.com;;',
    ].join('\r\n');
    await section
      .getByLabel('CSV file of clients')
      .setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${file}`) });
    await section.getByText('1 new client, 1 row for clients you have, 1 row left out.').waitFor();
    assert.deepEqual(await section.locator('tbody tr').allInnerTexts(), [
      '1\tMaria Schmidt\tAdded to the client you have: adds notes',
      '2\tJonas Klein\tNew client',
      '3\t\tLeft out: it has no name',
    ]);
    const before = (await admin(app, 'GET', `${salon.base}/clients?search=Jonas`, undefined, 200)).body.total;
    assert.equal(before, 0, 'the preview changes nothing');

    await section.getByRole('button', { name: 'Import 2 rows' }).click();
    await section.getByText('Imported: 1 new client, 1 row for clients you have, 1 row left out.').waitFor();
    const [jonas] = (await admin(app, 'GET', `${salon.base}/clients?search=Jonas`, undefined, 200)).body.data;
    assert.deepEqual(
      [jonas.name, jonas.email, jonas.phone, jonas.notes],
      ['Jonas Klein', 'jonas@example.com', '+49 160 1112222', 'Colour 6/0; no "ammonia"'],
    );
    const record = (await admin(app, 'GET', `${salon.base}/clients/${maria}`, undefined, 200)).body;
    assert.equal(record.notes, 'Allergic to ammonia.\nLikes the window seat.\nPrefers mornings');
    guard.assertClean();
  });
});
