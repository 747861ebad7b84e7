// Actions: what People's form and buttons do, each ending with a sentence (on the person's card, or
// the new link shown at the top). `state` holds what is drawn; `draw()` draws it again.

import { isolate } from '../../dom.js';
import { t, tn } from '../../locale.js';
import { perform, performIfSure, showProblems } from '../../ui/notice.js';
import { roleName } from './words.js';

const SWITCH_OFF_QUESTION = (person) => ({
  title: t('Switch off {name}’s account?', { name: person.name }),
  text: t(
    '{name} is signed out everywhere at once and can no longer sign in. What they did stays in the activity. You can switch the account on again later.',
    { name: person.name },
  ),
  confirmLabel: t('Switch off'),
  danger: true,
});

/** `state`: {people, staff, link, editing, said}; `reload()` reads the people again and draws. */
export function peopleActions(ctx, state, { draw, reload }) {
  const tell = (person, kind, text) => {
    state.said = { id: person.id, kind, text };
  };
  const update = (person, body) => ctx.api.call('adminUpdateUser', { id: person.id, body });
  const showLink = async (made) => {
    state.link = made;
    state.said = null;
    await reload();
    document.getElementById('person-link')?.focus();
  };
  return {
    invite: async (body) => showLink(await ctx.api.call('adminInviteUser', { body })),
    newLink: (element, messages, person) =>
      perform(element, t('Making…'), messages, async () => showLink(await ctx.api.call('adminMakeUserLink', { id: person.id }))),
    hideLink() {
      state.link = null;
      draw();
    },
    edit(person) {
      state.editing = person.id;
      state.said = null;
      draw();
    },
    editor: (person) => ({
      close() {
        state.editing = null;
        draw();
      },
      save(submit, messages, { role, staffId }) {
        if (showProblems(messages, role === 'stylist' && staffId === null ? [t('Choose which staff member the stylist is.')] : [])) return;
        return perform(submit, t('Saving…'), messages, async () => {
          const now = await update(person, { role, staffId });
          state.editing = null;
          tell(
            person,
            'good',
            t('Saved: {name}’s role is {role}. They sign in again with their password.', {
              name: isolate(now.name),
              role: roleName(now.role),
            }),
          );
          await reload();
        });
      },
    }),
    ...accountActions(ctx, tell, reload),
  };
}

/** Switching an account off (after a question) and on, and ending all of its sessions. */
function accountActions(ctx, tell, reload) {
  const update = (person, body) => ctx.api.call('adminUpdateUser', { id: person.id, body });
  return {
    switchOff: (element, messages, person) =>
      performIfSure(SWITCH_OFF_QUESTION(person), element, t('Switching off…'), messages, async () => {
        await update(person, { switchedOff: true });
        tell(person, 'good', t('Switched off: {name} can no longer sign in.', { name: isolate(person.name) }));
        await reload();
      }),
    switchOn: (element, messages, person) =>
      perform(element, t('Switching on…'), messages, async () => {
        const now = await update(person, { switchedOff: false });
        tell(
          person,
          'good',
          now.status === 'invited'
            ? t('Switched on: {name} still has to choose a password. Make a new link for them.', { name: isolate(now.name) })
            : t('Switched on: {name} can sign in again with their password.', { name: isolate(now.name) }),
        );
        await reload();
      }),
    endSessions: (element, messages, person) =>
      perform(element, t('Ending…'), messages, async () => {
        const { ended } = await ctx.api.call('adminEndUserSessions', { id: person.id });
        tell(
          person,
          'good',
          ended
            ? tn(ended, 'Signed {name} out on {count} device.', 'Signed {name} out on {count} devices.', { name: isolate(person.name) })
            : t('{name} was not signed in anywhere.', { name: isolate(person.name) }),
        );
        await reload();
      }),
  };
}
