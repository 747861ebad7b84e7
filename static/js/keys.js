// API keys: the list, revoke, a new value, and the one moment a key's value is shown.

import { api, businessPath } from './api.js';
import { busy, confirmAction, errorNotice, facts, h, isolate, notice, quoted } from './dom.js';
import { dateTime, dateTimeAgo, scopeLabel } from './format.js';
import { keyForm } from './key-form.js';

const KEY_STATUS = {
  active: ['Active', 'good'],
  revoked: ['Revoked', 'neutral'],
  expired: ['Expired', 'warn'],
};

/** Copies with the clipboard API; where there is none (plain http on the salon's network), selects the text. */
async function copy(field, status) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(field.value);
    status.textContent = 'Copied. Paste it into the other program now.';
  } catch {
    field.focus();
    field.select();
    const copied = document.execCommand('copy');
    status.textContent = copied
      ? 'Copied. Paste it into the other program now.'
      : 'Copying did not work in this browser. The key is selected: press Ctrl+C (on a phone, tap and hold it, then choose Copy).';
  }
}

/** The new key, shown once, with a copy button and a plain warning. */
function newKeyPanel(key, heading, onDone) {
  const field = h('input', {
    id: 'new-key-value',
    type: 'text',
    readOnly: true,
    value: key.key,
    spellcheck: 'false',
    'aria-label': 'The new key',
    onfocus: (event) => event.target.select(),
  });
  const status = h('p', { class: 'copy-status', 'aria-live': 'polite' });
  const copyButton = h('button', { type: 'button', class: 'primary', onclick: () => copy(field, status) }, 'Copy');
  return h(
    'section',
    { class: 'new-key', 'aria-labelledby': 'new-key-heading' },
    h('h3', { id: 'new-key-heading' }, heading),
    h(
      'p',
      { class: 'once' },
      h('strong', null, 'Copy this key now: you won’t see it again.'),
      ' The server keeps only a fingerprint of it. If it gets lost, give the key a new value.',
    ),
    h('div', { class: 'copy-row' }, field, copyButton),
    status,
    h('button', { type: 'button', onclick: onDone }, 'Done, I have copied it'),
  );
}

function presetOf(scopes, catalog) {
  const sorted = [...scopes].sort().join(',');
  return Object.values(catalog.presets).find((preset) => [...preset.scopes].sort().join(',') === sorted)?.label ?? null;
}

function keyCard(key, catalog, actions) {
  const [label, tone] = KEY_STATUS[key.status] ?? [key.status, 'neutral'];
  return h(
    'article',
    { class: `card key ${key.status}`, 'data-key-id': key.id },
    h('header', null, h('h3', null, isolate(key.name)), h('span', { class: `badge ${tone}` }, label)),
    facts([
      ['Kind', presetOf(key.scopes, catalog) ?? 'Own choice of permissions'],
      [
        'May',
        h(
          'ul',
          { class: 'scope-list' },
          key.scopes.map((scope) => h('li', null, scopeLabel(scope))),
        ),
      ],
      ['Allowed websites', key.allowedOrigins ? key.allowedOrigins.join(', ') : 'Any (for a program on a server)'],
      ['Stops working', key.expiresAt ? dateTime(key.expiresAt) : 'Never'],
      ['Last used', key.lastUsedAt ? dateTimeAgo(key.lastUsedAt) : 'Never'],
      ['Created', dateTime(key.createdAt)],
      ['Revoked', key.revokedAt ? dateTime(key.revokedAt) : null],
    ]),
    actions.length ? h('div', { class: 'actions' }, actions) : null,
  );
}

/** The form is below the list, which can be long: bring it into view, ready to type. */
function startNewKey(form) {
  form.scrollIntoView({ block: 'start', behavior: 'smooth' });
  form.querySelector('#key-name').focus({ preventScroll: true });
}

/** Renders the API keys of `ctx.business`. */
export async function renderKeys(ctx) {
  const base = `${businessPath(ctx.business)}/keys`;
  const newKeyArea = h('div', { class: 'message-area', id: 'new-key-area' });
  const flashArea = h('div', { class: 'message-area' });
  const list = h('div', { class: 'cards' });

  const showOnce = (key, heading) => {
    newKeyArea.replaceChildren(newKeyPanel(key, heading, () => newKeyArea.replaceChildren()));
    newKeyArea.scrollIntoView({ block: 'start' });
    newKeyArea.querySelector('button')?.focus();
  };

  const run = async (button, label, work) =>
    busy(button, label, async () => {
      try {
        await work();
        await load();
      } catch (error) {
        flashArea.replaceChildren(errorNotice(error));
      }
    });

  const revoke = (key) => {
    const button = h('button', { type: 'button', class: 'danger' }, 'Revoke');
    button.addEventListener('click', async () => {
      const sure = await confirmAction({
        title: ['Revoke ', quoted(key.name), '?'],
        text: 'Programs using this key stop working at once, and its connections get no more notifications. This cannot be undone.',
        confirmLabel: 'Revoke key',
        danger: true,
      });
      if (!sure) return;
      await run(button, 'Revoking…', async () => {
        await api(`${base}/${key.id}/revoke`, { method: 'POST' });
        flashArea.replaceChildren(notice('good', [quoted(key.name), ' is revoked. Programs using it can no longer connect.']));
      });
    });
    return button;
  };

  const regenerate = (key) => {
    const button = h('button', { type: 'button' }, 'New value');
    button.addEventListener('click', async () => {
      const sure = await confirmAction({
        title: ['Give ', quoted(key.name), ' a new value?'],
        text: 'The current value stops working at once, so the program using it must get the new one. Its permissions and connections stay as they are.',
        confirmLabel: 'Make a new value',
      });
      if (!sure) return;
      await run(button, 'Making…', async () => {
        const renewed = await api(`${base}/${key.id}/regenerate`, { method: 'POST' });
        flashArea.replaceChildren();
        showOnce(renewed, ['New value for ', quoted(renewed.name)]);
      });
    });
    return button;
  };

  const catalog = await api('/scopes');
  const load = async () => {
    const keys = await api(base);
    list.replaceChildren(
      ...(keys.data.length === 0
        ? [h('p', { class: 'empty' }, 'No keys yet. Create one below for each program that should use your booking data.')]
        : keys.data.map((key) =>
            keyCard(
              key,
              catalog,
              [key.status === 'active' ? regenerate(key) : null, key.status !== 'revoked' ? revoke(key) : null].filter(Boolean),
            ),
          )),
    );
  };
  await load();

  const form = keyForm(ctx, catalog, (key) => {
    flashArea.replaceChildren();
    showOnce(key, ['Your new key ', quoted(key.name)]);
    load().catch((error) => flashArea.replaceChildren(errorNotice(error)));
  });

  return h(
    'div',
    { class: 'keys' },
    h(
      'div',
      { class: 'view-head' },
      h('h2', null, 'API keys'),
      h('button', { type: 'button', class: 'quiet', onclick: () => startNewKey(form) }, 'Create a new key'),
    ),
    h(
      'p',
      { class: 'intro' },
      'A key lets another program, such as the booking form on your website or a CRM, use your booking data. ',
      'Give each program its own key: then you can switch one off without touching the others.',
    ),
    newKeyArea,
    flashArea,
    list,
    form,
  );
}
