import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// The defects a salon owner met in a full day in the browser (issue 27, section 1), each in
// Chromium, on a salon of two staff (Anna: Haircut and Colour; Ben: Haircut).
describe('the salon’s day in Chromium (issue 27)', () => {
  if (skippedWithoutChromium()) return;
  const { clock, app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, pageClock: clock, logInAt: '/#clients' });

  it('shows no “null” under the clients, with none and with some (defect 6)', async () => {
    await page.goto(`${app.url}/#clients`);
    await page.getByText('No clients yet.').waitFor();
    assert.doesNotMatch(await page.locator('.client-results').innerText(), /null/);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 170 1234567' }, 201);
    await page.reload();
    await page.getByText('1 client in all.').waitFor();
    assert.doesNotMatch(await page.locator('.client-results').innerText(), /null/);
  });
});
