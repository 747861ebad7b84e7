import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GOOD_PASSWORD, person } from './helpers/people.ts';
import { admin } from './helpers/salon.ts';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: the front desk saw the staff page's forms and buttons and was refused
// only after pressing them. They read the staff and enter time off (docs/security.md's roles).

describe('the staff page for the front desk, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  before(async () => {
    await person(app, { name: 'Sam Desk', email: 'sam@salon.test', role: 'front_desk' });
  });
  const { page } = useBrowser({ app });

  it('lists the staff without "Add a staff member"', async () => {
    await page.goto(`${app.url}/#staff`);
    await page.getByLabel('E-mail address').fill('sam@salon.test');
    await page.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator(`.card.staff[data-staff-id="${salon.anna}"]`).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Add a staff member' }).count(), 0);
  });

  it('shows a staff member read-only, with time off they can enter', async () => {
    await page.goto(`${app.url}/#staff/${salon.anna}`);
    await page.getByText('Only the salon’s owner changes a staff member’s details', { exact: false }).waitFor();
    for (const name of ['Save details', 'Save services', 'Save weekly hours', 'Take off the booking list'])
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no "${name}"`);
    assert.equal(await page.locator('.staff-edit form.edit-form:not(#time-off-form)').count(), 0, 'no form but time off');
    assert.match(await page.locator('.staff-facts').innerText(), /Haircut/);
    await page.getByLabel('First day').fill('2026-12-14');
    await page.getByLabel('Last day').fill('2026-12-14');
    await page.getByRole('button', { name: 'Add time off' }).click();
    await page
      .locator('#time-off-form .message-area')
      .getByText(/^Added time off for Anna: Mon, 14 Dec 2026/)
      .waitFor();
    const saved = (await admin(app, 'GET', `${salon.base}/staff/${salon.anna}/time-off`)).body.data;
    assert.deepEqual(
      saved.map((t: Record<string, unknown>) => t.startDate),
      ['2026-12-14'],
    );
  });

  it('offers no new staff member form', async () => {
    await page.goto(`${app.url}/#staff/new`);
    await page.getByText('Only the salon’s owner adds staff members.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Add staff member' }).count(), 0);
  });
});
