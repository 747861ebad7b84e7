import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { recordAudit } from '../src/audit/record.ts';
import { admin, bookingBody, MONDAY } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27 (the salon's page speaks the salon's language), in Chromium: the Activity page says
// each changed field by the salon's word, leaves out what only the system sets, and shows the
// values as the salon reads them, times in the salon's zone even from a browser far away.

describe('the activity in the salon’s words, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  // The owner looks from New York at a salon in Berlin.
  const { page } = useBrowser({ app, logInAt: '/#activity', timezoneId: 'America/New_York' });

  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/services/${salon.haircut}`, { bufferBeforeMinutes: 15, bufferAfterMinutes: 120 }, 200);
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'en-GB' }, 200);
    await admin(app, 'PATCH', salon.base, { deskContactRequired: false }, 200);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Erna Example', email: 'erna@example.test' }, 201);
    await admin(
      app,
      'POST',
      `${salon.base}/bookings`,
      bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
      201,
    );
    // A change a later version records, with fields this page has no words for yet.
    await recordAudit(app.server.app.context.db, {
      businessId: salon.businessId,
      action: 'gift_card.created',
      target: { kind: 'gift_card', id: 1 },
      after: { someNewField: 'Spring', reminder_channel: 'sms' },
    });
  });

  const rows = () => page.locator('table.activity tbody tr');
  const changed = async (what: string) =>
    (
      await rows()
        .filter({ has: page.getByText(what, { exact: true }) })
        .locator('td:nth-child(4)')
        .allInnerTexts()
    ).join(' | ');

  it('names every field by the salon’s word, leaves out what only the system sets, and says each value as the salon reads it', async () => {
    await page.goto(`${app.url}/#activity`);
    await page.reload();
    await page.getByText('Booking added').waitFor();
    assert.equal(await changed('Service changed'), 'Preparation time: 0 min → 15 min; Cleanup time: 0 min → 2 h');
    assert.match(await changed('Booking page changed'), /^Language: nothing → English \(United Kingdom\)$/);
    assert.match(await changed('Salon detail changed'), /Phone or e-mail needed at the desk: yes → no/);
    const client = await changed('Client added');
    assert.match(client, /Name: nothing → Erna Example/);
    assert.doesNotMatch(client, /created|updated|\bid\b/i, 'what only the system sets is no change');
    // 10:00 in Berlin, not 04:00 in New York.
    assert.match(await changed('Booking added'), /Start: nothing → 23 Nov 2026, 10:00/);
    // A field this page has no words for yet reads as words, not as its name.
    assert.equal(await changed('Gift card added'), 'Some new field: nothing → Spring; Reminder channel: nothing → sms');
    const shown = await page.locator('table.activity').innerText();
    assert.doesNotMatch(shown, /\b[a-z]+[A-Z][a-zA-Z]*\b|\b[a-z]+_[a-z_]+\b/, 'no field or value is shown by its API name');
    assert.doesNotMatch(shown, /\b(true|false|minutes)\b/);
  });
});

describe('the activity’s filters in the address, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, logInAt: '/#activity' });

  before(async () => {
    const made = await app.request('POST', '/v1/integration/bookings', {
      key: salon.key,
      body: bookingBody(salon.haircut, `${MONDAY}T10:00:00+01:00`, { staffId: salon.anna }),
    });
    assert.equal(made.status, 201, made.text);
  });

  const summary = () => page.locator('.activity-view .summary');
  const chosen = async () => ({
    who: await page.getByLabel('Who').inputValue(),
    what: await page.getByLabel('What').inputValue(),
    from: await page.getByLabel('From').inputValue(),
  });

  it('keeps the filters in the address: a reload and a shared link show the same, Back goes to the filters before', async () => {
    await page.goto(`${app.url}/#activity`);
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    await page.getByLabel('Who').selectOption({ label: 'Connected programs' });
    await page.waitForURL(/#activity\/who=key$/);
    await page.getByLabel('What').selectOption({ label: 'Bookings' });
    await page.waitForURL(/#activity\/who=key&what=booking$/);
    await summary().getByText('1 change, newest first.').waitFor();
    // The focus stays on the filter, in the view drawn again.
    await page.waitForFunction(() => {
      const active = (globalThis as any).document.activeElement;
      return active?.id === 'activity-what' && active.value === 'booking';
    });
    await page.getByLabel('From').fill('2026-11-21');
    await page.waitForURL(/#activity\/who=key&what=booking&from=2026-11-21$/);

    await page.reload();
    await summary().getByText('1 change, newest first.').waitFor();
    assert.deepEqual(await chosen(), { who: 'key', what: 'booking', from: '2026-11-21' });

    // A link shared to another tab.
    const other = await page.context().newPage();
    await other.goto(`${app.url}/#activity/who=key&what=booking`);
    await other.locator('.activity-view .summary').getByText('1 change, newest first.').waitFor();
    assert.equal(await other.getByLabel('What').inputValue(), 'booking');
    await other.close();

    await page.goBack();
    await page.waitForURL(/#activity\/who=key&what=booking$/);
    await page.waitForFunction(() => (globalThis as any).document.getElementById('activity-from')?.value === '');
    assert.deepEqual(await chosen(), { who: 'key', what: 'booking', from: '' });
    await page.goBack();
    await page.waitForURL(/#activity\/who=key$/);
    await summary()
      .getByText(/newest first/)
      .waitFor();
    assert.deepEqual(await chosen(), { who: 'key', what: '', from: '' });
  });
});
