import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Issue 38, a new user's day: inviting a stylist named "Ben", the staff member stayed on "Choose a
// staff member" although Ben is one. The one staff member whose name matches is chosen, until the
// owner chooses by hand.

describe('inviting a stylist whose name is a staff member’s, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app, salon } = useSalon({ name: 'Hair by Anna' });
  const { page } = useBrowser({ app, logInAt: '/#people' });

  it('chooses the staff member the typed name matches, when exactly one does', async () => {
    const form = page.locator('form.invite');
    await form.getByRole('radio', { name: 'Stylist', exact: true }).check();
    const name = form.getByLabel('Name');
    const member = form.getByLabel('Staff member');
    await name.fill('Ben');
    assert.equal(await member.inputValue(), String(salon.ben), '"Ben" is Ben');
    await name.fill('anna weber');
    assert.equal(await member.inputValue(), String(salon.anna), 'her first name is the staff member’s');
    await name.fill('Carla');
    assert.equal(await member.inputValue(), '', 'nobody of that name');
    await member.selectOption({ label: 'Anna' });
    await name.fill('Ben');
    assert.equal(await member.inputValue(), String(salon.anna), 'a choice by hand stays');
  });
});
