import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: a stylist may enter their own time off (docs/security.md), but the
// page offered them no way to: no menu entry, their staff page closed, their column silent.

describe('a stylist enters her own time off, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await person(app, { name: 'Anna', email: 'anna@salon.test', role: 'stylist', staffId: salon.anna });
  });
  const { page } = useBrowser({ app });

  it('finds "My time off" on her calendar, adds a holiday there and sees it listed', async () => {
    await page.goto(`${app.url}/#calendar/2026-11-23`);
    await page.getByLabel('E-mail address').fill('anna@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.calendar-controls').getByRole('link', { name: 'My time off' }).click();
    await page.getByRole('heading', { name: 'My time off' }).waitFor();
    await page.getByLabel('First day').fill('2026-12-07');
    await page.getByLabel('Last day').fill('2026-12-08');
    await page.getByLabel('Note (optional)').fill('Holiday');
    await page.getByRole('button', { name: 'Add time off' }).click();
    await page.locator('#time-off-form .message-area').getByText('Added time off for Anna: Mon, 7 Dec 2026 to Tue, 8 Dec 2026.').waitFor();
    const saved = (await admin(app, 'GET', `${salon.base}/staff/${salon.anna}/time-off`)).body.data;
    assert.deepEqual(
      saved.map((t: Record<string, unknown>) => [t.startDate, t.endDate, t.note]),
      [['2026-12-07', '2026-12-08', 'Holiday']],
    );
    assert.equal(await page.locator(`[data-time-off-id="${saved[0].id}"]`).count(), 1, 'the new time off is listed');
  });

  it('reaches it from her account too, and her own staff page leads there instead of a refusal', async () => {
    await page.goto(`${app.url}/#account`);
    await page.locator('#view').getByRole('link', { name: 'My time off' }).click();
    await page.getByRole('heading', { name: 'My time off' }).waitFor();
    await page.goto(`${app.url}/#staff/${salon.ben}`);
    await page.getByText('Your account does not open this part of the back office.', { exact: false }).waitFor();
    await page.goto(`${app.url}/#staff/${salon.anna}`);
    await page.getByRole('heading', { name: 'My time off' }).waitFor();
    assert.match(page.url(), /#time-off$/);
    assert.equal(await page.getByText('Your account does not open this part', { exact: false }).count(), 0);
  });
});
