// Render: the last step, the website: a key for its booking form (only from its addresses), and
// once made, the key's snippet to paste, shown this once, with a copy button.

import { button, facts, h, isolate } from '../../dom.js';
import { originsFrom } from '../keys/origins.js';
import { copyText } from '../../ui/copy.js';
import { deskField as field } from '../../ui/fields.js';
import { notice } from '../../ui/notice.js';
import { stepForm } from './step.js';

/** What a website pastes: the server's address, the key, and the first call of a booking form. */
export function widgetSnippet(key) {
  const origin = location.origin;
  return `<script type="module">
  // The booking server and the website's key (it only works from the addresses it was made for).
  // BOOKING_API is the address this page was opened at: if the website's visitors reach the
  // server at another one (its public name, say), put that address here instead.
  const BOOKING_API = '${origin}/v1/integration';
  const BOOKING_KEY = '${key}';
  const call = (path, init = {}) =>
    fetch(BOOKING_API + path, { ...init, headers: { 'X-API-Key': BOOKING_KEY, 'Content-Type': 'application/json' } }).then((r) => r.json());
  // services -> staff -> free times -> book: see the server's docs/api.md, "A booking widget".
  const services = await call('/services?active=true');
  console.log(services.data);
</script>`;
}

/**
 * The new key: the warning that it is shown only once takes the focus (the button that had it is
 * gone), and Tab goes on to the snippet and its copy button before the way out.
 */
function showKey(result, key, origins) {
  const snippet = h('textarea', { id: 'widget-snippet', readOnly: true, rows: 11, spellcheck: 'false', value: widgetSnippet(key.key) });
  const copied = h('p', { class: 'hint', role: 'status' });
  const warning = notice(
    'warn',
    'This is the only time the key is shown. Paste the snippet into your website now, or keep it somewhere safe.',
  );
  warning.tabIndex = -1;
  result.replaceChildren(
    warning,
    facts([
      ['Key', isolate(key.name)],
      ['Works from', origins.join(', ')],
    ]),
    field('Snippet to paste into your website', snippet),
    h(
      'div',
      { class: 'actions' },
      button('Copy the snippet', () => copyText(snippet, copied, { copied: 'Copied.', selected: 'Selected: press Ctrl+C to copy.' })),
    ),
    copied,
  );
  warning.focus();
}

export async function widgetStep(ctx, actions) {
  const catalog = await ctx.api.call('adminListScopes');
  const site = h('input', { id: 'widget-site', type: 'text', autocomplete: 'url', spellcheck: 'false', placeholder: 'www.mysalon.com' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Make the widget key');
  const result = h('div', { class: 'widget-result' });
  const form = stepForm(
    'Next: bookings from your website',
    null,
    notice('good', 'The salon is ready: services and staff are in. Clients can be booked on the calendar now.'),
    h(
      'p',
      null,
      'A booking form on your website needs a key of its own. It can see services, staff and free times and make bookings, and only from your website’s address.',
    ),
    field('Your website’s address', site, 'For example www.mysalon.com; several separated by spaces.'),
    h('div', { class: 'actions' }, submit),
    // The key, its copy button and the warning that it is shown only once come first; the way
    // out of the setup after them, so nobody leaves before the key is kept.
    result,
    h('div', { class: 'actions' }, h('a', { class: 'button', href: '#calendar' }, 'Go to the calendar')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const origins = originsFrom(site.value);
    if (origins.length === 0) return actions.refuse('Type your website’s address, for example www.mysalon.com.');
    actions.makeWidgetKey(submit, { scopes: catalog.presets.widget.scopes, allowedOrigins: origins }, (key) => {
      showKey(result, key, origins);
      submit.hidden = true;
    });
  });
  return form;
}
