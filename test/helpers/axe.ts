import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical accessibility problems axe-core finds on the page as it is now, one
 * line each ("color-contrast: .badge.warn (2)"). axe is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy does not govern, so the page itself stays as strict.
 */
export async function seriousA11yProblems(
  page: Page,
  context: string | { include: string[]; exclude: string[] } = 'body',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> = await page.evaluate(
    async (selector) => (await (globalThis as any).axe.run(selector, { resultTypes: ['violations'] })).violations,
    context,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')} (${v.nodes.length})`,
    );
}
