// Render and actions of the salon's closed days: the one period editor (ui/period-editor.js),
// with the words and calls of closures.

import { periodEditor, periodText } from '../../ui/period-editor.js';

/** The salon's closed days: the list, and the form that adds or changes one. */
export function closuresPart(ctx) {
  return periodEditor({
    id: 'closure',
    zone: ctx.business.timezone,
    section: {
      class: 'closures',
      heading: 'Closed days',
      hint: 'Public holidays, the salon’s own holidays: nobody can book on them. Bookings already made stay booked.',
    },
    words: {
      add: 'Close the salon',
      addButton: 'Add closure',
      change: 'Change closure',
      saveButton: 'Save closure',
      empty: 'No closed days planned.',
      notePlaceholder: 'e.g. Christmas, renovation',
      firstDay: 'First closed day',
      lastDay: 'Last closed day',
      noFirstDay: 'Choose the first closed day.',
      lastBeforeFirst: 'The last closed day is before the first.',
      saved: (closure, changed) =>
        `${changed ? 'Changed the closure' : 'The salon is closed'}: ${periodText(closure)}. Nobody can book then.`,
      removing: (closure) => ({
        title: 'Open the salon on these days again?',
        text: `Clients can book ${periodText(closure)} again, within the opening hours and each staff member’s hours.`,
        confirmLabel: 'Remove closure',
      }),
      removed: (closure) => `Removed the closure ${periodText(closure)}: clients can book then again.`,
    },
    calls: {
      list: () => ctx.api.list('adminListClosures'),
      create: (body) => ctx.api.call('adminCreateClosure', { body }),
      update: (id, body) => ctx.api.call('adminUpdateClosure', { id, body }),
      remove: (id) => ctx.api.call('adminDeleteClosure', { id }),
    },
  });
}
