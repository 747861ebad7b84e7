import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, it } from 'node:test';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 23 section 3 in Chromium: the Activity page lists who changed what, filters by who and
// what, and downloads the same as a CSV; a booking's "What happened" names who did each thing.

describe('the activity and who did what on the page, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, logInAt: '/#activity' });
  let bookingId = 0;

  before(async () => {
    const made = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
    });
    assert.equal(made.status, 201, made.text);
    bookingId = made.body.id;
    await admin(app, 'POST', `${salon.base}/bookings/${bookingId}/cancel`, { reason: 'ill' }, 200);
  });

  const rows = () => page.locator('table.activity tbody tr');
  const column = async (n: number) => rows().locator(`td:nth-child(${n})`).allInnerTexts();

  it('lists who changed what, filters by who and what, and downloads the same as a CSV', async () => {
    await page.goto(`${app.url}/#activity`);
    await page.reload();
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    await rows().first().waitFor();
    assert.ok((await column(2)).includes('The back office'));
    await page.getByLabel('Who').selectOption({ label: 'Connected programs' });
    await page.getByLabel('What').selectOption({ label: 'Bookings' });
    await page.getByText('1 change, newest first.').waitFor();
    assert.deepEqual(await column(2), ['all scopes (connected program)']);
    assert.deepEqual(await column(3), ['Booking added\nAda Lovelace · Haircut · 23 Nov 2026, 10:00 · with Anna']);
    const shown = await page.locator('#view').innerText();
    assert.doesNotMatch(shown, /booking\.created|actorKind|targetKind|\bid\b|T10:00/);
    assert.match(shown, /Start: nothing → 23 Nov 2026, 10:00/);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as a spreadsheet (CSV)' }).click(),
    ]);
    const text = fs.readFileSync((await file.path())!, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'UTF-8 with a byte order mark');
    const csv = text.slice(1).trimEnd().split('\r\n');
    assert.equal(csv[0], 'Date,Time,Who,What happened,What changed');
    assert.equal(csv.length, 2, 'the one change the filters show');
    assert.match(
      csv[1]!,
      /^2026-11-21,\d{2}:\d{2},all scopes \(connected program\),"Booking added: Ada Lovelace · Haircut · 23 Nov 2026, 10:00 · with Anna","Status: nothing → pending; Start: nothing → 23 Nov 2026, 10:00;/,
    );
    await page.getByRole('link', { name: 'Booking added' }).click();
    await page.getByRole('heading', { name: 'What happened' }).waitFor();
  });

  it('says what changed as the salon reads it: money, services by name, whole days by their dates, no ids, no words broken mid-word (the new-user trial)', async () => {
    await admin(app, 'POST', `${salon.base}/closures`, { startDate: '2026-12-24', endDate: '2026-12-26', note: 'Christmas' }, 201);
    await admin(app, 'PUT', `${salon.base}/staff/${salon.ben}/services`, { serviceIds: [salon.haircut, salon.colour] }, 200);
    const visit = {
      serviceId: salon.haircut,
      staffId: salon.anna,
      startTime: `${MONDAY}T12:00:00+01:00`,
      client: { name: 'Paula', phone: '+49 30 7' },
    };
    const visitId = (await admin(app, 'POST', `${salon.base}/bookings`, visit, 201)).body.id;
    const paid = (await admin(app, 'POST', `${salon.base}/payments`, { bookingId: visitId, amount: 3500, method: 'card' }, 201)).body;
    await admin(app, 'POST', `${salon.base}/payments/${paid.id}/refund`, { amount: 750, reason: 'Fringe redone' }, 201);
    const off = `${salon.base}/staff/${salon.ben}/time-off`;
    const dayOff = (await admin(app, 'POST', off, { allDay: true, startDate: '2026-12-01' }, 201)).body.id;
    await admin(
      app,
      'PATCH',
      `${off}/${dayOff}`,
      { allDay: false, startTime: '2026-12-01T14:00:00+01:00', endTime: '2026-12-01T16:00:00+01:00' },
      200,
    );
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${app.url}/#activity`);
    await page.reload();
    await page.getByText('Closure added').waitFor();
    const changed = async (what: string) =>
      (
        await rows()
          .filter({ has: page.getByText(what, { exact: true }) })
          .locator('td:nth-child(4)')
          .allInnerTexts()
      ).join(' | ');
    const closure = await changed('Closure added');
    assert.match(closure, /First day: nothing → 24 Dec 2026; Last day: nothing → 26 Dec 2026/);
    assert.doesNotMatch(closure, /00:00|Start|End|\bid\b/, 'whole days by their first and last day');
    assert.match(await changed('Staff member services changed'), /Services: Haircut → Haircut, Colour/);
    assert.match(await changed('Payment refunded'), /Amount: nothing → €7\.50/);
    assert.match(await changed('Payment received'), /Amount: nothing → €35\.00/);
    // A payment's and a refund's lines lead to their booking and say whose it is (the new owner's trial).
    for (const what of ['Payment received', 'Payment refunded']) {
      const line = rows().filter({ has: page.getByText(what, { exact: true }) });
      assert.equal(await line.getByRole('link', { name: what, exact: true }).getAttribute('href'), `#bookings/${visitId}`);
      assert.match(await line.locator('td:nth-child(3)').innerText(), /Paula · Haircut · 23 Nov 2026, 12:00 · with Anna/);
    }
    // A day off made part of a day keeps its new hours in view.
    assert.match(await changed('Time off changed'), /Start: .* → 1 Dec 2026, 14:00.*End: .* → 1 Dec 2026, 16:00/);
    // Each heading and each time on one line: the table makes room by scrolling, not by breaking words.
    const lines = await page.locator('table.activity th, table.activity td:first-child').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = (cell as unknown as { ownerDocument: { createRange(): any } }).ownerDocument.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect: { top: number }) => Math.round(rect.top))).size;
      }),
    );
    assert.deepEqual([...new Set(lines)], [1]);
  });

  it('says who made each API key', async () => {
    await page.goto(`${app.url}/#keys`);
    const card = page.locator('article.key', { hasText: 'all scopes' });
    await card.waitFor();
    assert.match(await card.innerText(), /Made by\s+The back office/);
  });

  it("names who did each thing in the booking's “What happened”", async () => {
    await page.goto(`${app.url}/#bookings/${bookingId}`);
    const events = page.locator('.booking-events > li');
    await events.first().waitFor();
    assert.deepEqual(await events.locator('.by').allInnerTexts(), ['By the back office.', 'By all scopes (connected program).']);
  });
});
