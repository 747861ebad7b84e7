// People (#people, reached from Settings; the owner's): everyone with an account, their role and
// status, inviting a person, and per person a new role, a new one-time link, ending their sessions,
// switching their account off or on, and their account's history (#people/<id>, history.js).
// load → state → render (cards.js, invite.js, link.js) → actions (actions.js).

import { fill, h } from '../../dom.js';
import { t } from '../../locale.js';
import { cardsOf, itemPage } from '../../ui/pages.js';
import { peopleActions } from './actions.js';
import { personCard } from './cards.js';
import { renderPersonHistory } from './history.js';
import { inviteForm } from './invite.js';
import { linkPanel } from './link.js';

const ROLE_ORDER = ['owner', 'front_desk', 'stylist'];

/** Owners first, then the front desk, then stylists; by name within each; switched-off accounts last. */
const inOrder = (people) =>
  [...people].sort(
    (a, b) =>
      Number(a.status === 'switched_off') - Number(b.status === 'switched_off') ||
      ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role) ||
      a.name.localeCompare(b.name),
  );

export async function renderPeople(ctx, id) {
  if (id !== undefined) return renderPersonHistory(ctx, Number(id));
  const state = { people: [], staff: [], link: null, editing: null, said: null, me: null };
  const element = h('div', { class: 'people-parts' });
  const load = async () => {
    const [people, staff, signedIn] = await Promise.all([
      ctx.api.list('adminListUsers'),
      ctx.api.list('adminListStaff'),
      ctx.api.call('adminGetSession'),
    ]);
    state.me = signedIn.user?.id ?? null;
    state.people = inOrder(people);
    state.staff = staff.filter((member) => member.active || people.some((p) => p.staffId === member.id));
  };
  const draw = () => {
    const said = (person) => (state.said?.id === person.id ? state.said : null);
    fill(
      element,
      state.link ? linkPanel(state.link, actions.hideLink) : null,
      cardsOf(
        state.people,
        (person) =>
          personCard(person, {
            staff: state.staff,
            editing: state.editing === person.id,
            said: said(person),
            mine: person.id === state.me,
            actions,
          }),
        t('Nobody has an account yet. Invite the first person below.'),
      ),
      inviteForm(state.staff, actions.invite),
    );
  };
  const actions = peopleActions(ctx, state, {
    draw,
    reload: async () => {
      await load();
      draw();
    },
  });
  await load();
  draw();
  return itemPage(
    { class: 'people' },
    ['#settings', t('← Settings')],
    h('h2', null, t('People')),
    h(
      'p',
      { class: 'intro' },
      t('Everyone who signs in to the back office, each with their own password and a role that says what they may do.'),
      ' ',
      h('a', { href: '#account' }, t('Your own account')),
    ),
    element,
  );
}
