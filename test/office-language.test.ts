import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27 (the new-user trial): the back office's own language sat under the booking page's
// settings, as if it were the same thing. It is chosen in Your account (on this browser); the
// booking page's language stays in Settings, and each works without the other.

describe('the back office’s own language, apart from the booking page’s, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Salon Sonne' });
  before(async () => {
    await admin(app, 'PATCH', `${salon.base}/booking-page`, { locale: 'de-DE' }, 200);
  });
  const { page } = useBrowser({ app, logInAt: '/#account' });

  const pageLocale = async () => (await admin(app, 'GET', `${salon.base}/booking-page`, undefined, 200)).body.locale;

  it('is chosen in Your account and kept on reload, while the booking page keeps its own', async () => {
    await page.goto(`${app.url}/#account`);
    await page.reload();
    // The salon's language (its booking page's) until someone chooses another, as before.
    await page.getByRole('heading', { name: 'Ihr Konto', level: 2 }).waitFor();
    await page.getByLabel('Sprache', { exact: true }).selectOption({ label: 'English (UK)' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: 'Your account', level: 2 }).waitFor();
    await page.getByText('The back office speaks this language now.').waitFor();
    assert.equal(await page.evaluate('document.documentElement.lang'), 'en');
    assert.equal(await pageLocale(), 'de-DE', 'the booking page still speaks German');

    await page.reload();
    await page.getByRole('heading', { name: 'Your account', level: 2 }).waitFor();
    assert.equal(await page.getByLabel('Language', { exact: true }).inputValue(), 'en-GB');

    // The booking page's language, where it was, changes the booking page and not the back office.
    await page.evaluate('location.hash = "#settings"');
    const pageLanguage = page.locator('#page-locale');
    assert.equal(await pageLanguage.inputValue(), 'de-DE');
    await pageLanguage.selectOption('de-AT');
    await page.getByRole('button', { name: 'Save the booking page' }).click();
    await page.getByText('Saved the booking page.').waitFor();
    assert.equal(await pageLocale(), 'de-AT');
    await page.getByRole('heading', { name: 'Salon settings', level: 2 }).waitFor();
    assert.equal(await page.evaluate('document.documentElement.lang'), 'en', 'the back office keeps its own language');

    // Back to the salon's language.
    await page.evaluate('location.hash = "#account"');
    await page.getByLabel('Language', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Ihr Konto', level: 2 }).waitFor();
  });
});
