// Actions: what the staff pages' forms and buttons do, each ending with a sentence in its own
// area: add a staff member (then their page), save their details, services and weekly hours, and
// take them off the booking list (after asking) or put them back.

import { isolate, listOf } from '../../dom.js';
import { t } from '../../locale.js';
import { changesOf } from '../../ui/fields.js';
import { flashNext, perform, say, showProblems } from '../../ui/notice.js';

/** Adds the staff member `body` describes; their page next, with the sentence. */
export function addStaff(ctx, button, messages, { details, schedule, serviceIds }) {
  const problems = [details.name ? null : t('Give the staff member a name.'), schedule.problem].filter(Boolean);
  if (showProblems(messages, problems)) return;
  const body = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null));
  return perform(button, t('Adding…'), messages, async () => {
    const made = await ctx.api.call('adminCreateStaff', { body: { ...body, schedule: schedule.value, serviceIds } });
    flashNext('good', t('Added {name}. Add their days off on their page when they have some.', { name: isolate(made.name) }));
    location.hash = `#staff/${made.id}`;
  });
}

/** The actions of one staff member's page; `member()` and `saved(member)` keep the page's copy (and heading) current. */
export function memberActions(ctx, { member, saved, services }) {
  const id = member().id;
  const save = async (operationId, body) => saved(await ctx.api.call(operationId, { id, body }));
  return {
    async saveDetails(messages, details) {
      if (showProblems(messages, details.name ? [] : [t('Give the staff member a name.')])) return;
      const changes = changesOf(details, member());
      if (Object.keys(changes).length === 0) return say(messages, 'good', t('Nothing to save: no field was changed.'));
      const now = await save('adminUpdateStaffMember', changes);
      say(messages, 'good', t('Saved {name}’s details.', { name: isolate(now.name) }));
    },
    async saveServices(messages, serviceIds) {
      const now = await save('adminSetStaffServices', { serviceIds });
      const names = services.filter((s) => now.serviceIds.includes(s.id)).map((s) => s.name);
      say(
        messages,
        'good',
        names.length
          ? t('Saved: {name} does {services}.', { name: isolate(now.name), services: listOf(names) })
          : t('Saved: {name} does no services now, so nobody can book them.', { name: isolate(now.name) }),
      );
    },
    async saveSchedule(messages, schedule) {
      if (showProblems(messages, schedule.problem ? [schedule.problem] : [])) return;
      const now = await save('adminSetStaffSchedule', schedule.value);
      say(messages, 'good', t('Saved {name}’s weekly hours. Connected programs are told about the change.', { name: isolate(now.name) }));
    },
    /** Takes them off the booking list or puts them back; resolves to whether they take bookings now. */
    async setActive(messages, active) {
      const now = await save('adminUpdateStaffMember', { active });
      const name = isolate(now.name);
      say(messages, 'good', now.active ? t('{name} takes bookings again.', { name }) : t('{name} is off the booking list.', { name }));
      return now.active;
    },
  };
}
