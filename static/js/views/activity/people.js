// Render: what "What: People" shows. What happens to a person's account (invited, signed in,
// passwords, passkeys, role) belongs to the installation, not to one salon, so it is in no salon's
// activity: it is under People, each person's History. The filter says so and leads there, to
// the chosen person's history when "Who" names one.

import { h } from '../../dom.js';
import { t } from '../../locale.js';

/** `people`: those with an account; `who`: the filter "Who" ('person:12' names one). */
export function peoplePointer(people, who) {
  const chosen = who?.startsWith('person:') ? people.filter((person) => `person:${person.id}` === who) : people;
  return h(
    'div',
    { class: 'panel people-pointer' },
    h(
      'p',
      null,
      t(
        'Invitations, sign-ins, passwords, passkeys and roles belong to each person’s account, not to the salon’s activity: they are under People, in each person’s History.',
      ),
    ),
    chosen.length
      ? h(
          'ul',
          null,
          chosen.map((person) =>
            h('li', null, h('a', { href: `#people/${person.id}` }, t('History of {name}’s account', { name: person.name }))),
          ),
        )
      : null,
    h('p', null, h('a', { class: 'button', href: '#people' }, t('Open People'))),
  );
}
