import type { Page } from 'playwright-core';

/**
 * English words a German page never shows: common words with no German twin (not "Name",
 * "Status", "Service", "Team", "Website", "Backup" or "Webhook", which German uses too).
 */
const ENGLISH =
  /\b(the|and|with|your|you|this|that|these|for|from|when|what|which|who|would|has|have|are|is|were|not|no|yes|new|save|cancel|delete|remove|add|edit|show|send|back|next|today|tomorrow|yesterday|week|day|days|month|booking|bookings|client|clients|staff|services|settings|loading|none|yet|all|only|here|there|more|each|every|until|after|before|open|closed|free|busy|waiting|confirmed|cancelled|completed|nobody|someone|search|find|choose|keep|change|changes|close|done|try|again|please|first|last|hours|minutes|times|time|price|notes|phone|address|of|to|on|at|by|or|it|its|can|cannot|must|may)\b/gi;

/** The English words in `text`, after the salon's own data (names, addresses) is taken out. */
export function englishWords(text: string, data: readonly string[] = []): string[] {
  let rest = text;
  for (const value of data) rest = rest.replaceAll(value, ' ');
  // Addresses, e-mail addresses and codes are not words; nor are a file's path and a key's scope
  // names (bookings:write), which the integrations part shows as they are.
  rest = rest.replace(/\S+@\S+|https?:\/\/\S+|[\w-]+\.\w+\/\S*|`[^`]*`/g, ' ');
  rest = rest.replace(/(?<![\w/])\/[\w.-]+(?:\/[\w.-]+)+|\b[a-z]+:(?:read|write|manage)\b/g, ' ');
  // A word is letters between non-letters: "frühere" holds no "here" (\b takes "ü" for a boundary).
  return [
    ...new Set(
      [...rest.matchAll(ENGLISH)]
        .filter((m) => !/\p{L}/u.test(rest[m.index - 1] ?? '') && !/\p{L}/u.test(rest[m.index + m[0].length] ?? ''))
        .map((m) => m[0]),
    ),
  ];
}

/** The English words on the page's visible text (body), the salon's own data taken out. */
export async function englishOnPage(page: Page, data: readonly string[] = [], selector = 'body'): Promise<string[]> {
  return englishWords(await page.locator(selector).innerText(), data);
}

/**
 * Waits until what `selector` shows holds still (the same text twice, 250 ms apart, with nothing
 * loading in it), for at most 10 s: a view draws its parts as their answers arrive. Not the
 * network going idle, which the page's timed refreshes may never give.
 */
export async function settled(page: Page, selector = '#view'): Promise<void> {
  const until = Date.now() + 10_000;
  let before = '';
  for (;;) {
    await page.waitForTimeout(250);
    const loading = await page.locator(`${selector} .loading`).count();
    const now = await page.locator(selector).innerText();
    if ((loading === 0 && now === before) || Date.now() > until) return;
    before = now;
  }
}
