// A one-time link (an invitation, or a new password), shown once and prominently: the server keeps
// only its hash and sends it to nobody, so the owner copies it now and gives it to the person.

import { button, h, isolate } from '../../dom.js';
import { dateTime } from '../../format.js';
import { t } from '../../locale.js';
import { copyText } from '../../ui/copy.js';
import { notice } from '../../ui/notice.js';

/** Whether only this computer opens `link`: the server answers at a loopback address. */
export function onlyThisComputer(link) {
  const host = new URL(link).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

const copyWords = () => ({ copied: t('Copied.'), selected: t('Selected: press Ctrl+C to copy.') });

/** `made`: the server's answer {user, link, linkExpiresAt}; `onDone` hides it. */
export function linkPanel(made, onDone) {
  const name = isolate(made.user.name);
  const value = h('input', {
    id: 'person-link',
    type: 'text',
    readOnly: true,
    value: made.link,
    spellcheck: 'false',
    onfocus: (event) => event.target.select(),
  });
  const status = h('p', { class: 'copy-status', 'aria-live': 'polite' });
  return h(
    'section',
    { class: 'new-key person-link', 'aria-labelledby': 'person-link-heading' },
    h('h3', { id: 'person-link-heading' }, t('The link for {name}', { name })),
    h(
      'p',
      { class: 'once' },
      h('strong', null, t('Copy this link now: it is shown only now.')),
      ' ',
      t(
        'It works once, for 7 days (until {time}): {name} opens it and chooses a password. The server does not send it: give it to them yourself, by message or on paper.',
        {
          time: dateTime(made.linkExpiresAt),
          name: isolate(made.user.name),
        },
      ),
    ),
    onlyThisComputer(made.link)
      ? notice(
          'warn',
          t(
            'This link opens only on this computer: it carries the address this page is open at, {host}. To invite someone on their own phone or computer, open the back office at an address the salon’s devices reach (the one the server names when it starts, or the salon’s public address) and make a new link there.',
            { host: new URL(made.link).host },
          ),
        )
      : null,
    h('label', { for: 'person-link' }, t('One-time link')),
    h(
      'div',
      { class: 'copy-row' },
      value,
      button(t('Copy'), () => copyText(value, status, copyWords()), 'primary'),
    ),
    status,
    h('div', { class: 'actions' }, button(t('Done'), onDone)),
  );
}
