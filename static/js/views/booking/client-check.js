// Render: a booking put on a known client by its e-mail address or phone, whose name (or phone)
// is someone else's: the salon says whether it is the same person. Nothing was changed on the
// client's record meanwhile; the booking keeps the details as given.

import { button, facts, h, isolate, phrase, quoted } from '../../dom.js';
import { t } from '../../locale.js';

const details = (d) => isolate([d.name, d.email, d.phone].filter(Boolean).join(' · '));

export function clientCheckCard({ bookedAs, client, clientCheck }, actions) {
  return h(
    'section',
    { class: 'card client-check', 'aria-labelledby': 'client-check-title' },
    h('h3', { id: 'client-check-title' }, t('Same person?')),
    h(
      'p',
      null,
      phrase(
        clientCheck.matchedBy === 'email'
          ? t('Booked as {name} with the e-mail address of {client} — same person?')
          : t('Booked as {name} with the phone number of {client} — same person?'),
        { name: quoted(bookedAs.name), client: isolate(client.name) },
      ),
    ),
    facts([
      [t('As booked'), details(bookedAs)],
      [phrase(t('{client}’s details'), { client: isolate(client.name) }), details(client)],
    ]),
    h(
      'p',
      { class: 'hint' },
      phrase(
        t(
          'Same person keeps the booking with {client}. Different person makes {name} a new client and moves this booking to them. Either way {client}’s details stay as they are.',
        ),
        { name: quoted(bookedAs.name), client: isolate(client.name) },
      ),
    ),
    h(
      'div',
      { class: 'actions' },
      button(t('Same person'), actions.samePerson, 'primary'),
      button(t('Different person'), actions.differentPerson),
    ),
  );
}
