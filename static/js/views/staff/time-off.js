// Render and actions of a staff member's time off: the one period editor (ui/period-editor.js),
// with the words and calls of time off, whole days or part of one.

import { isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { periodEditor, periodText } from '../../ui/period-editor.js';

/** A staff member's time off: the list, and the form that adds or changes one (whole days or part of one). */
export function timeOffSection(ctx, member) {
  const staffId = member.id;
  return periodEditor({
    id: 'time-off',
    zone: ctx.business.timezone,
    partOfDay: true,
    section: {
      class: 'time-off',
      heading: t('Time off'),
      hint: t('Holidays, sick days, appointments: nobody can book them then. Bookings already made stay booked.'),
    },
    words: {
      add: t('Add time off'),
      addButton: t('Add time off'),
      change: t('Change time off'),
      saveButton: t('Save time off'),
      empty: t('No time off planned.'),
      notePlaceholder: t('e.g. Holiday, doctor'),
      firstDay: t('First day'),
      lastDay: t('Last day'),
      noFirstDay: t('Choose the first day away.'),
      lastBeforeFirst: t('The last day is before the first day.'),
      saved: (item, changed) =>
        changed
          ? t('Changed time off for {name}: {period}.', { name: isolate(member.name), period: periodText(item) })
          : t('Added time off for {name}: {period}.', { name: isolate(member.name), period: periodText(item) }),
      removing: (item) => ({
        title: t('Remove this time off?'),
        text: t('{name} will be bookable again {period} (within their weekly hours).', {
          name: isolate(member.name),
          period: periodText(item),
        }),
        confirmLabel: t('Remove time off'),
      }),
      removed: (item) => t('Removed the time off {period}.', { period: periodText(item) }),
    },
    calls: {
      list: () => ctx.api.list('adminListTimeOff', { staffId }),
      create: (body) => ctx.api.call('adminCreateTimeOff', { staffId, body }),
      update: (id, body) => ctx.api.call('adminUpdateTimeOff', { staffId, id, body }),
      remove: (id) => ctx.api.call('adminDeleteTimeOff', { staffId, id }),
    },
  });
}
