import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 27, defect 9, at the desk: the clients page's search finds a client as it is typed there.
describe('the clients page’s search, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon();
  before(async () => {
    await admin(app, 'PATCH', salon.base, { phoneCountry: 'DE' }, 200);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Maria Schmidt', phone: '+49 170 1234567' }, 201);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Jürgen Müller', email: 'juergen@example.com' }, 201);
    await admin(app, 'POST', `${salon.base}/clients`, { name: 'Lena Kraus', phone: '030 5550000' }, 201);
  });
  const { page } = useBrowser({ app, logInAt: '/#clients' });

  for (const [typed, name] of [
    ['0170 1234567', 'Maria Schmidt'],
    ['muller', 'Jürgen Müller'],
    ['schmidt maria', 'Maria Schmidt'],
    ['170 123', 'Maria Schmidt'],
  ] as const) {
    it(`finds ${name} by “${typed}”`, async () => {
      await page.getByLabel('Search by name, e-mail or phone').fill(typed);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('.client-results .summary', { hasText: `“${typed}”` }).waitFor();
      const found = await page.locator('.client-results li a').allInnerTexts();
      assert.deepEqual(found, [name]);
    });
  }
});

describe('the salon’s phone country in Settings, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon();
  const { page } = useBrowser({ app, logInAt: '/#settings' });

  it('is chosen by its name and saved with the salon’s details', async () => {
    const choice = page.getByLabel('Country of clients’ phone numbers');
    assert.equal(await choice.inputValue(), '');
    await choice.selectOption({ label: 'Germany' });
    await page.getByRole('button', { name: 'Save salon details' }).click();
    await page.getByText('Saved the details of').waitFor();
    assert.equal((await admin(app, 'GET', salon.base, undefined, 200)).body.phoneCountry, 'DE');
  });
});
