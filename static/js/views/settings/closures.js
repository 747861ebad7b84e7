// Render and actions of the salon's closed days: the one period editor (ui/period-editor.js),
// with the words and calls of closures.

import { t } from '../../locale.js';
import { periodEditor, periodText } from '../../ui/period-editor.js';

/** The salon's closed days: the list, and the form that adds or changes one. */
export function closuresPart(ctx) {
  return periodEditor({
    id: 'closure',
    zone: ctx.business.timezone,
    section: {
      class: 'closures',
      heading: t('Closed days'),
      hint: t('Public holidays, the salon’s own holidays: nobody can book on them. Bookings already made stay booked.'),
    },
    words: {
      add: t('Close the salon'),
      addButton: t('Add closure'),
      change: t('Change closure'),
      saveButton: t('Save closure'),
      empty: t('No closed days planned.'),
      notePlaceholder: t('e.g. Christmas, renovation'),
      firstDay: t('First closed day'),
      lastDay: t('Last closed day'),
      noFirstDay: t('Choose the first closed day.'),
      lastBeforeFirst: t('The last closed day is before the first.'),
      saved: (closure, changed) =>
        changed
          ? t('Changed the closure: {period}. Nobody can book then.', { period: periodText(closure) })
          : t('The salon is closed: {period}. Nobody can book then.', { period: periodText(closure) }),
      removing: (closure) => ({
        title: t('Open the salon on these days again?'),
        text: t('Clients can book {period} again, within the opening hours and each staff member’s hours.', {
          period: periodText(closure),
        }),
        confirmLabel: t('Remove closure'),
      }),
      removed: (closure) => t('Removed the closure {period}: clients can book then again.', { period: periodText(closure) }),
    },
    calls: {
      list: () => ctx.api.list('adminListClosures'),
      create: (body) => ctx.api.call('adminCreateClosure', { body }),
      update: (id, body) => ctx.api.call('adminUpdateClosure', { id, body }),
      remove: (id) => ctx.api.call('adminDeleteClosure', { id }),
    },
  });
}
