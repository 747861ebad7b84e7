// Render: the calendar's page around the grid: the date and its controls, the sentence area, the
// day's list beside the grid, and what the shading means; or, for a salon nobody can be booked
// at yet, the way back to the setup.

import { zoneWords } from '../../format.js';
import { button, h, isolate } from '../../dom.js';
import { t } from '../../locale.js';
import { addDays, isDate, longDate, todayIn } from '../../salon-time.js';
import { notice } from '../../ui/notice.js';
import { calendarAddress } from './address.js';
import { calendarLegend } from './legend.js';
import { viewPage } from '../../ui/pages.js';

/** A salon without services or staff: nobody can be booked yet. */
export function setupNeeded({ services, staff }) {
  const missing =
    services.length === 0 && staff.length === 0
      ? t('This salon has no services and staff yet, so nobody can be booked.')
      : services.length === 0
        ? t('This salon has no services yet, so nobody can be booked.')
        : t('This salon has no staff yet, so nobody can be booked.');
  return viewPage(
    { tag: 'section', class: 'calendar', title: t('Calendar') },
    h(
      'div',
      { class: 'setup-needed' },
      notice('warn', missing),
      h('a', { class: 'button primary', href: '#setup' }, t('Finish setting up the salon')),
    ),
  );
}

/** Previous, today, next, a date, day or week, and "New booking" (with whose week it is). */
function controls({ date, week, staffId, timeZone, readOnly }, actions) {
  const step = week ? 7 : 1;
  const dateField = h('input', {
    id: 'calendar-date',
    type: 'date',
    value: date,
    onchange: (event) => {
      if (isDate(event.target.value)) actions.go(event.target.value);
    },
  });
  return h(
    'div',
    { class: 'calendar-controls' },
    button(week ? t('Previous week') : t('Previous day'), () => actions.go(addDays(date, -step))),
    button(t('Today'), () => actions.go(todayIn(timeZone))),
    button(week ? t('Next week') : t('Next day'), () => actions.go(addDays(date, step))),
    // The label and its field together: on a phone the controls wrap around them, not between them.
    h('span', { class: 'date-field' }, h('label', { class: 'inline', htmlFor: 'calendar-date' }, t('Date')), dateField),
    h(
      'span',
      { class: 'view-switch', role: 'group', 'aria-label': t('View') },
      h('a', { href: calendarAddress(date, false), 'aria-current': week ? null : 'page' }, t('Day')),
      h('a', { href: calendarAddress(date, true), 'aria-current': week ? 'page' : null }, t('Week')),
    ),
    readOnly
      ? h('a', { class: 'button', href: '#time-off' }, t('My time off'))
      : button(t('New booking'), () => actions.openBooking({ date, time: null, staffId }), 'primary'),
  );
}

/**
 * Whose week: a link to each staff member's, the one shown marked, in a week of a salon of
 * several (state.js columnsOf()). A long name is cut (style.css), whole on hover.
 */
function staffChooser({ date, week, staff, staffId }) {
  if (!week || staff.length < 2) return null;
  return h(
    'div',
    { class: 'staff-switch' },
    h('span', { id: 'staff-switch-label' }, t('Whose week')),
    h(
      'span',
      { class: 'view-switch', role: 'group', 'aria-labelledby': 'staff-switch-label' },
      staff.map((member) =>
        h(
          'a',
          { href: calendarAddress(date, true, member.id), 'aria-current': member.id === staffId ? 'page' : null, title: member.name },
          isolate(member.name),
        ),
      ),
    ),
  );
}

export function calendarPage(state, actions, message, grid) {
  const { date, week, first, timeZone, readOnly } = state;
  return h(
    'section',
    { class: 'calendar' },
    h(
      'div',
      { class: 'view-head calendar-head' },
      h('h2', null, week ? t('Week of {date}', { date: longDate(first) }) : longDate(date)),
      controls(state, actions),
      staffChooser(state),
    ),
    message,
    h('div', { class: 'calendar-body' }, actions.dayList(), grid),
    h(
      'p',
      { class: 'hint' },
      readOnly
        ? t(
            "Times are the salon's ({zone}). Click a booking to open it: mark it completed or a no-show once it has started. Click a free time in your column to take time off from then.",
            { zone: zoneWords(timeZone) },
          )
        : t(
            "Times are the salon's ({zone}). Click a free time in a column to book someone, or drag a booking to move it. A time held for a client booking on the website says who holds it and until when: click it to book it anyway or let it go.",
            { zone: zoneWords(timeZone) },
          ),
    ),
    calendarLegend(readOnly),
  );
}
