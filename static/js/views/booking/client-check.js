// Render: a booking put on a known client by its e-mail address or phone, whose name (or phone)
// is someone else's: the salon says whether it is the same person. Nothing was changed on the
// client's record meanwhile; the booking keeps the details as given.

import { button, facts, h, isolate, quoted } from '../../dom.js';

const details = (d) => isolate([d.name, d.email, d.phone].filter(Boolean).join(' · '));

export function clientCheckCard({ bookedAs, client, clientCheck }, actions) {
  const by = clientCheck.matchedBy === 'email' ? 'e-mail address' : 'phone number';
  return h(
    'section',
    { class: 'card client-check', 'aria-labelledby': 'client-check-title' },
    h('h3', { id: 'client-check-title' }, 'Same person?'),
    h('p', null, 'Booked as ', quoted(bookedAs.name), ` with the ${by} of `, isolate(client.name), ' — same person?'),
    facts([
      ['As booked', details(bookedAs)],
      [[isolate(client.name), '’s details'], details(client)],
    ]),
    h(
      'p',
      { class: 'hint' },
      'Same person keeps the booking with ',
      isolate(client.name),
      '. Different person makes ',
      quoted(bookedAs.name),
      ' a new client and moves this booking to them. Either way ',
      isolate(client.name),
      '’s details stay as they are.',
    ),
    h(
      'div',
      { class: 'actions' },
      button('Same person', actions.samePerson, 'primary'),
      button('Different person', actions.differentPerson),
    ),
  );
}
