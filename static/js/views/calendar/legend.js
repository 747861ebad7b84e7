// The calendar's legend: each colour and pattern the grid draws, beside the words for it. Each
// swatch shares its rule in style.css with what the grid draws, so that the legend says what is drawn.

import { h } from '../../dom.js';
import { marked, t } from '../../locale.js';

/** A swatch's class → its words: the shaded times, then the bookings' looks. */
const KEYS = {
  off: marked('Not working'),
  break: marked('Break'),
  'time-off': marked('Time off'),
  closure: marked('Closed'),
  'status-pending': marked('To confirm'),
  'status-confirmed': marked('Confirmed'),
  'status-completed': marked('Completed'),
  'status-no_show': marked('No-show (struck through, red)'),
};
const HELD = { hold: marked('Held for a client on the website') };

/** The legend under the grid; a stylist's calendar (readOnly) shows no holds. */
export function calendarLegend(readOnly) {
  const keys = Object.entries(readOnly ? KEYS : { ...KEYS, ...HELD });
  return h(
    'ul',
    { class: 'calendar-legend', 'aria-label': t('What the colours mean') },
    keys.map(([classes, words]) => h('li', null, h('span', { class: `swatch ${classes}`, 'aria-hidden': 'true' }), t(words))),
  );
}
