// The "create a key" form: a name, a preset of spec section 5 or permissions picked one by one,
// the websites allowed to use it from a browser, and an optional expiry date.

import { busy, h } from './dom.js';
import { scopeLabel } from './format.js';
import { errorNotice, notice } from './ui/notice.js';

const CUSTOM = 'custom';

/** What each preset is for, in the words of someone setting one up. */
const PRESET_PURPOSE = {
  widget: 'For a booking form on your website: it sees services, staff and free times, and makes bookings.',
  display: 'For showing your salon on a website: details, services, staff and reviews. It cannot book.',
  crm: 'For a customer-management program: everything except reviews, and it is notified of changes.',
};

/** "https://www.mysalon.com/book" → "www.mysalon.com": people paste addresses, the server wants host names. */
export function originsFrom(text) {
  return text
    .split(/[\s,]+/)
    .map((entry) =>
      entry
        .trim()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
        .replace(/[/?#].*$/, '')
        .replace(/:\d+$/, ''),
    )
    .filter(Boolean);
}

/** The end of the chosen day in the browser's time zone, as the ISO instant the API wants. */
function endOfDay(dateValue) {
  const [year, month, day] = dateValue.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

function radio(value, label, purpose, checked) {
  const id = `preset-${value}`;
  return h(
    'div',
    { class: 'choice' },
    h('input', { type: 'radio', name: 'preset', id, value, checked }),
    h('label', { for: id }, h('strong', null, label), purpose ? h('span', { class: 'purpose' }, purpose) : null),
  );
}

function checkbox(scope) {
  const id = `scope-${scope.replace(':', '-')}`;
  return h(
    'div',
    { class: 'choice' },
    h('input', { type: 'checkbox', name: 'scope', id, value: scope }),
    h('label', { for: id }, scopeLabel(scope), h('span', { class: 'scope-name' }, scope)),
  );
}

/** The form; `onCreated(key)` gets the answer of POST …/keys, which holds the value once. */
export function keyForm(ctx, catalog, onCreated) {
  const presets = Object.entries(catalog.presets);
  const name = h('input', {
    id: 'key-name',
    name: 'name',
    required: true,
    maxlength: 100,
    autocomplete: 'off',
    placeholder: 'e.g. Website booking form',
  });
  const scopes = catalog.scopes.map(checkbox);
  const origins = h('textarea', {
    id: 'key-origins',
    name: 'origins',
    rows: 2,
    spellcheck: 'false',
    autocapitalize: 'off',
    placeholder: 'www.mysalon.com',
  });
  const expires = h('input', { id: 'key-expires', name: 'expires', type: 'date' });
  const messages = h('div', { class: 'message-area' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create key');

  const form = h(
    'form',
    { class: 'panel key-form', method: 'post', action: '/', novalidate: true },
    h('h3', null, 'Create a new key'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'key-name' }, 'Name'),
      h('p', { class: 'hint' }, 'Which program gets this key, so you recognise it later.'),
      name,
    ),
    h(
      'fieldset',
      { class: 'presets' },
      h('legend', null, 'What may it do?'),
      presets.map(([value, preset], i) => radio(value, preset.label, PRESET_PURPOSE[value], i === 0)),
      radio(CUSTOM, 'Choose permissions myself', null, false),
    ),
    h('fieldset', { class: 'scopes' }, h('legend', null, 'Permissions'), scopes),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'key-origins' }, 'Allowed websites (optional)'),
      h(
        'p',
        { class: 'hint' },
        'Only for keys used inside a web page: the website addresses that may use it, one per line. *.mysalon.com allows all its subdomains. Leave empty for a program on a server.',
      ),
      origins,
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'key-expires' }, 'Stops working after (optional)'),
      h('p', { class: 'hint' }, 'Leave empty for a key that does not expire.'),
      expires,
    ),
    messages,
    h('div', { class: 'actions' }, submit),
  );

  // A preset ticks its permissions and locks them; "choose myself" unlocks them.
  const sync = () => {
    const choice = form.elements.preset.value;
    const preset = catalog.presets[choice];
    for (const box of form.querySelectorAll('input[name=scope]')) {
      box.disabled = !!preset;
      if (preset) box.checked = preset.scopes.includes(box.value);
    }
  };
  form.addEventListener('change', (event) => {
    if (event.target.name === 'preset') sync();
  });
  sync();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = [...form.querySelectorAll('input[name=scope]:checked')].map((box) => box.value);
    const problems = [];
    if (!name.value.trim()) problems.push('Give the key a name.');
    if (chosen.length === 0) problems.push('Tick at least one permission.');
    if (problems.length) {
      messages.replaceChildren(notice('error', problems.join(' ')));
      return;
    }
    const body = { name: name.value.trim(), scopes: chosen };
    const hosts = originsFrom(origins.value);
    if (hosts.length) body.allowedOrigins = hosts;
    if (expires.value) body.expiresAt = endOfDay(expires.value);
    busy(submit, 'Creating…', async () => {
      try {
        const key = await ctx.api.call('adminCreateKey', { body });
        messages.replaceChildren();
        form.reset();
        sync();
        onCreated(key);
      } catch (error) {
        messages.replaceChildren(errorNotice(error));
      }
    });
  });
  return form;
}
