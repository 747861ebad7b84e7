// Render: the "create a key" form: a name, a preset of spec section 5 or permissions picked one
// by one, the websites allowed to use it from a browser, and an optional expiry date. `read()`
// gives the key as the API takes it, or the problems with it.

import { h } from '../../dom.js';
import { scopeLabel } from '../../format.js';
import { t } from '../../locale.js';
import { choice, field } from '../../ui/fields.js';
import { messageArea } from '../../ui/notice.js';
import { originsFrom } from './origins.js';
import { presetLabel, presetPurpose } from './presets.js';

const CUSTOM = 'custom';

/** The end of the chosen day in the browser's time zone, as the ISO instant the API wants. */
function endOfDay(dateValue) {
  const [year, month, day] = dateValue.split('-').map(Number);
  return new Date(year, month - 1, day, 23, 59, 59).toISOString();
}

const preset = (value, label, purpose, checked) =>
  choice(h('input', { type: 'radio', name: 'preset', id: `preset-${value}`, value, checked }), [
    h('strong', null, label),
    purpose ? h('span', { class: 'purpose' }, purpose) : null,
  ]);

const scopeBox = (scope) =>
  choice(h('input', { type: 'checkbox', name: 'scope', id: `scope-${scope.replace(':', '-')}`, value: scope }), [
    scopeLabel(scope),
    h('span', { class: 'scope-name' }, scope),
  ]);

function keyFields(catalog) {
  const name = h('input', {
    id: 'key-name',
    name: 'name',
    required: true,
    maxlength: 100,
    autocomplete: 'off',
    placeholder: t('e.g. Website booking form'),
  });
  const origins = h('textarea', {
    id: 'key-origins',
    name: 'origins',
    rows: 2,
    spellcheck: 'false',
    autocapitalize: 'off',
    placeholder: 'www.mysalon.com',
  });
  const expires = h('input', { id: 'key-expires', name: 'expires', type: 'date' });
  const element = [
    field(t('Name'), name, t('Which program gets this key, so you recognise it later.')),
    h(
      'fieldset',
      { class: 'presets' },
      h('legend', null, t('What may it do?')),
      Object.entries(catalog.presets).map(([value, p], i) => preset(value, presetLabel(value, p), presetPurpose(value), i === 0)),
      preset(CUSTOM, t('Choose permissions myself'), null, false),
    ),
    h('fieldset', { class: 'scopes' }, h('legend', null, t('Permissions')), catalog.scopes.map(scopeBox)),
    field(
      t('Allowed websites (optional)'),
      origins,
      t(
        'Only for keys used inside a web page: the website addresses that may use it, one per line. *.mysalon.com allows all its subdomains. Leave empty for a program on a server.',
      ),
    ),
    field(t('Stops working after (optional)'), expires, t('Leave empty for a key that does not expire.')),
  ];
  return { name, origins, expires, element };
}

/** The form; `onCreate(button, messages, key)` makes the key; `reset()` empties it again. */
export function keyForm(catalog, onCreate) {
  const fields = keyFields(catalog);
  const messages = messageArea();
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Create key'));
  const form = h(
    'form',
    { class: 'panel key-form', method: 'post', action: '/', novalidate: true },
    h('h3', null, t('Create a new key')),
    fields.element,
    messages,
    h('div', { class: 'actions' }, submit),
  );
  // A preset ticks its permissions and locks them; "choose myself" unlocks them.
  const sync = () => {
    const chosen = catalog.presets[form.elements.preset.value];
    for (const box of form.querySelectorAll('input[name=scope]')) {
      box.disabled = !!chosen;
      if (chosen) box.checked = chosen.scopes.includes(box.value);
    }
  };
  form.addEventListener('change', (event) => {
    if (event.target.name === 'preset') sync();
  });
  sync();
  const read = () => {
    const scopes = [...form.querySelectorAll('input[name=scope]:checked')].map((box) => box.value);
    const body = { name: fields.name.value.trim(), scopes };
    const hosts = originsFrom(fields.origins.value);
    if (hosts.length) body.allowedOrigins = hosts;
    if (fields.expires.value) body.expiresAt = endOfDay(fields.expires.value);
    return {
      body,
      problems: [body.name ? null : t('Give the key a name.'), scopes.length ? null : t('Tick at least one permission.')].filter(Boolean),
    };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onCreate(submit, messages, read());
  });
  return {
    form,
    reset() {
      form.reset();
      sync();
    },
  };
}
