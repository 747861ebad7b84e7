// Render: the salon's keys, a card each with what it may do and its buttons; and the new key's
// value, shown once, with a copy button and a plain warning.

import { button, facts, h, isolate } from '../../dom.js';
import { dateTime, dateTimeAgo, scopeLabel } from '../../format.js';
import { t } from '../../locale.js';
import { KEY_STATUS, statusBadge } from '../../ui/badge.js';
import { copyText } from '../../ui/copy.js';
import { itemCard } from '../../ui/pages.js';
import { whoWords } from '../activity/words.js';
import { presetLabel } from './presets.js';

/** The preset a key's permissions are, if they are one. */
function presetOf(scopes, catalog) {
  const sorted = [...scopes].sort().join(',');
  const found = Object.entries(catalog.presets).find(([, preset]) => [...preset.scopes].sort().join(',') === sorted);
  return found ? presetLabel(...found) : null;
}

/** An active key can get a new value; one not revoked can be revoked. */
function keyButtons(key, actions) {
  const buttons = [
    key.status === 'active' ? button(t('New value'), (element) => actions.regenerate(element, key)) : null,
    key.status !== 'revoked' ? button(t('Revoke'), (element) => actions.revoke(element, key), 'danger') : null,
  ].filter(Boolean);
  return buttons.length ? h('div', { class: 'actions' }, buttons) : null;
}

export function keyCard(key, catalog, actions) {
  return itemCard(
    { class: `card key ${key.status}`, 'data-key-id': key.id },
    isolate(key.name),
    statusBadge(KEY_STATUS, key.status),
    facts([
      [t('Kind'), presetOf(key.scopes, catalog) ?? t('Own choice of permissions')],
      [
        t('May'),
        h(
          'ul',
          { class: 'scope-list' },
          key.scopes.map((scope) => h('li', null, scopeLabel(scope))),
        ),
      ],
      [t('Allowed websites'), key.allowedOrigins ? key.allowedOrigins.join(', ') : t('Any (for a program on a server)')],
      [t('Stops working'), key.expiresAt ? dateTime(key.expiresAt) : t('Never')],
      [t('Last used'), key.lastUsedAt ? dateTimeAgo(key.lastUsedAt) : t('Never')],
      [t('Created'), dateTime(key.createdAt)],
      [t('Made by'), key.createdBy ? whoWords(key.createdBy) : null],
      [t('Revoked'), key.revokedAt ? dateTime(key.revokedAt) : null],
    ]),
    keyButtons(key, actions),
  );
}

const copyWords = () => ({
  copied: t('Copied. Paste it into the other program now.'),
  selected: t('Copying did not work in this browser. The key is selected: press Ctrl+C (on a phone, tap and hold it, then choose Copy).'),
});

/** The new key, shown once, with a copy button and a plain warning. */
export function newKeyPanel(key, heading, onDone) {
  const value = h('input', {
    id: 'new-key-value',
    type: 'text',
    readOnly: true,
    value: key.key,
    spellcheck: 'false',
    'aria-label': t('The new key'),
    onfocus: (event) => event.target.select(),
  });
  const status = h('p', { class: 'copy-status', 'aria-live': 'polite' });
  return h(
    'section',
    { class: 'new-key', 'aria-labelledby': 'new-key-heading' },
    h('h3', { id: 'new-key-heading' }, heading),
    h(
      'p',
      { class: 'once' },
      h('strong', null, t('Copy this key now: you won’t see it again.')),
      ' ',
      t('The server keeps only a fingerprint of it. If it gets lost, give the key a new value.'),
    ),
    h(
      'div',
      { class: 'copy-row' },
      value,
      button(t('Copy'), () => copyText(value, status, copyWords()), 'primary'),
    ),
    status,
    button(t('Done, I have copied it'), onDone),
  );
}
