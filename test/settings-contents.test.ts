import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skippedWithoutChromium, useBrowser, useSalon } from './helpers/suite.ts';

// Settings is one long page of a dozen parts (a new owner scrolled 8 500 pixels to find the
// backups): "On this page" names each part, and a click brings it into view with its heading
// focused, while the address stays the page's.

describe('Settings’ “On this page”, in Chromium', () => {
  if (skippedWithoutChromium()) return;
  const { app } = useSalon({ name: 'Salon Lang' });
  const { page } = useBrowser({ app, logInAt: '/#settings' });

  it('lists every part of Settings and brings the chosen one into view, focused', async () => {
    await page.getByRole('heading', { name: 'Salon settings' }).waitFor();
    await page.locator('#view .loading').waitFor({ state: 'detached' });
    const contents = page.getByRole('navigation', { name: 'On this page' });
    const names = await contents.getByRole('button').allInnerTexts();
    // Each part's own heading: the first of each of the page's parts (a part may hold smaller ones).
    const parts = await page
      .locator('#view .settings > :not(nav)')
      .evaluateAll((els) => els.map((el) => el.querySelector('h3[id]')?.textContent).filter(Boolean));
    assert.ok(parts.length >= 10, `parts: ${parts.join(', ')}`);
    assert.deepEqual(names, parts);
    const chosen = names[Math.floor(names.length / 2)]!;
    const heading = page.getByRole('heading', { name: chosen, exact: true });
    assert.equal(await heading.evaluate((el) => el.getBoundingClientRect().top < (globalThis as any).innerHeight), false);
    await contents.getByRole('button', { name: chosen, exact: true }).click();
    await page.waitForFunction((text) => (globalThis as any).document.activeElement?.textContent === text, chosen);
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    assert.ok(top > -2 && top < 200, `the heading is at ${top}`);
    assert.equal(new URL(page.url()).hash, '#settings');
  });
});
