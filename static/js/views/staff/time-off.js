// Render and actions of a staff member's time off: the one period editor (ui/period-editor.js),
// with the words and calls of time off, whole days or part of one.

import { isolate } from '../../dom.js';
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
      heading: 'Time off',
      hint: 'Holidays, sick days, appointments: nobody can book them then. Bookings already made stay booked.',
    },
    words: {
      add: 'Add time off',
      addButton: 'Add time off',
      change: 'Change time off',
      saveButton: 'Save time off',
      empty: 'No time off planned.',
      notePlaceholder: 'e.g. Holiday, doctor',
      firstDay: 'First day',
      lastDay: 'Last day',
      noFirstDay: 'Choose the first day away.',
      lastBeforeFirst: 'The last day is before the first day.',
      saved: (item, changed) => [`${changed ? 'Changed' : 'Added'} time off for `, isolate(member.name), `: ${periodText(item)}.`],
      removing: (item) => ({
        title: 'Remove this time off?',
        text: [isolate(member.name), ` will be bookable again ${periodText(item)} (within their weekly hours).`],
        confirmLabel: 'Remove time off',
      }),
      removed: (item) => `Removed the time off ${periodText(item)}.`,
    },
    calls: {
      list: () => ctx.api.list('adminListTimeOff', { staffId }),
      create: (body) => ctx.api.call('adminCreateTimeOff', { staffId, body }),
      update: (id, body) => ctx.api.call('adminUpdateTimeOff', { staffId, id, body }),
      remove: (id) => ctx.api.call('adminDeleteTimeOff', { staffId, id }),
    },
  });
}
