import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 39, a new owner's trial: signed in as the front desk, Services still offered the owner's
// forms (add, change, switch off, delete), which the server refuses the front desk. They read the
// services as they read the staff: the facts, none of the forms.

describe('the services for the front desk, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
  });
  const { page } = useBrowser({ app });

  it('lists the services without "Add a service"', async () => {
    await page.goto(`${app.url}/#services`);
    await page.getByLabel('E-mail address').fill('sam@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator(`.card.service[data-service-id="${salon.haircut}"]`).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Add a service' }).count(), 0);
  });

  it('shows a service read-only: its facts, no form, no switch, no delete', async () => {
    await page.goto(`${app.url}/#services/${salon.haircut}`);
    await page.getByText('Only the salon’s owner changes, switches off and deletes services.').waitFor();
    for (const name of ['Save changes', 'Switch off', 'Delete'])
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no "${name}"`);
    assert.equal(await page.locator('.service-edit form').count(), 0, 'no form');
    const facts = await page.locator('.service-facts').innerText();
    assert.match(facts, /45 minutes/);
    assert.match(facts, /€35\.00/);
  });

  it('offers no new service form', async () => {
    await page.goto(`${app.url}/#services/new`);
    await page.getByText('Only the salon’s owner adds services.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add service' }).count(), 0);
    assert.equal(await page.locator('#service-name').count(), 0);
  });
});
