// A client's rights over their data (GDPR articles 15 and 17), on their page: download everything
// held about them (the JSON file the API gives), see it as a page to print, and erase them after a
// question that says what goes and what stays.

import { button, h, isolate } from '../../dom.js';
import { marked, t } from '../../locale.js';
import { refusalFor } from '../../refusals.js';
import { todayIn } from '../../salon-time.js';
import { downloadText } from '../../ui/download.js';
import { flashNext, messageArea, perform, performIfSure, say } from '../../ui/notice.js';

/** What the API calls an erased client; the page shows them so, without contact details. */
export const ERASED_NAME = marked('Erased client');

export const isErased = (client) => client.name === ERASED_NAME && !client.email && !client.phone;

/** The client's name as the page shows it: an erased client's in the page's language. */
export const clientName = (client) => (isErased(client) ? t(ERASED_NAME) : client.name);

/** "grace-hopper-2026-11-21.json": the client's name (letters of any script kept) and the day, in the salon. */
function fileName(ctx, client, exportedAt) {
  const name = client.name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${name || `client-${client.id}`}-${todayIn(ctx.business.timezone, Date.parse(exportedAt))}.json`;
}

/** Downloads everything held about the client as one JSON file, as the API gives it. */
export function downloadData(ctx, element, messages, client) {
  return perform(element, t('Preparing…'), messages, async () => {
    const data = await ctx.api.call('adminExportClient', { id: client.id });
    const name = fileName(ctx, data.client, data.exportedAt);
    downloadText(name, `${JSON.stringify(data, null, 2)}\n`, 'application/json;charset=utf-8');
    say(messages, 'good', t('Downloaded {file}: everything the salon holds about this client, for them to keep.', { file: name }));
  });
}

const ERASE_QUESTION = (client) => ({
  title: t('Erase {name}?', { name: isolate(client.name) }),
  text: [
    t(
      'Their name, e-mail address, phone number and notes go, here and wherever they were copied: their bookings’ details and notes, their reviews’ names and comments, the e-mails sent to them.',
    ),
    ' ',
    t('Links in their e-mails stop working.'),
    ' ',
    t('Their visits and payments stay as the salon’s records, under “{erased}”, so reports do not change.', { erased: t(ERASED_NAME) }),
    ' ',
    t('Connected programs are told to erase their copy. This cannot be undone.'),
  ],
  confirmLabel: t('Erase for good'),
  keepLabel: t('Keep the client'),
  danger: true,
});

/** Whether the client has a visit still to come (pending or confirmed, after now): the server refuses to erase them then. */
async function hasComingVisits(ctx, client) {
  const query = { clientId: client.id, from: todayIn(ctx.business.timezone), limit: 100 };
  const { data } = await ctx.api.call('adminListBookings', { query });
  return data.some((b) => (b.status === 'pending' || b.status === 'confirmed') && Date.parse(b.startTime) > Date.now());
}

/**
 * Erases the client after the question; the page is drawn again, showing "Erased client". A
 * client with visits still to come is told at once, without a question the server would refuse.
 */
export async function eraseClient(ctx, element, messages, client) {
  if (await hasComingVisits(ctx, client).catch(() => false)) {
    say(messages, 'error', refusalFor('client_has_coming_visits'));
    return;
  }
  return performIfSure(ERASE_QUESTION(client), element, t('Erasing…'), messages, async () => {
    await ctx.api.call('adminEraseClient', { id: client.id });
    flashNext(
      'good',
      t('Erased the client’s personal data. Their visits and payments stay as the salon’s records, under “{erased}”.', {
        erased: t(ERASED_NAME),
      }),
    );
    ctx.refresh();
  });
}

/** The client's "Their data" panel: download it, see it to print, erase it; `current()` is the client as last saved. */
export function rightsSection(ctx, current) {
  const messages = messageArea();
  const client = current();
  const erased = isErased(client);
  return h(
    'section',
    { class: 'panel client-rights', 'aria-labelledby': 'client-rights-heading' },
    h('h3', { id: 'client-rights-heading' }, t('Their data')),
    h(
      'p',
      { class: 'hint' },
      erased
        ? t('This client’s personal data was erased. Their visits and payments stay as the salon’s records.')
        : t('A client may ask what the salon holds about them, or to be erased. Visits still to come have to be cancelled before erasing.'),
    ),
    h(
      'div',
      { class: 'actions' },
      button(t('Download their data'), (element) => downloadData(ctx, element, messages, current())),
      h('a', { class: 'button', href: `#clients/${client.id}/data` }, t('See what is held, to print')),
      erased ? null : button(t('Erase this client'), (element) => eraseClient(ctx, element, messages, current()), 'danger'),
    ),
    messages,
  );
}
