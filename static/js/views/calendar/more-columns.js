// On a phone a day of three staff is wider than the screen: the grid scrolls sideways (its hours
// stay at the left, the library's sticky column; grid.js's columnWidth keeps each column wide
// enough for a booking's words). A cue says that more columns are to the side while some are:
// a shade along the grid's right edge and "More staff →" over the columns' names, which scrolls
// to them (docs/decisions.md, "Three staff on a phone").

import { h } from '../../dom.js';
import { t } from '../../locale.js';

/** The library's scrolling box within the grid (EventCalendar 5.10.1: `.ec-main`, overflow auto). */
const scroller = (grid) => grid.querySelector('.ec-main');

/** Adds the cue to `grid` (the element the calendar was created in); it shows itself while columns are out of sight to the right. */
export function moreColumnsCue(grid) {
  const cue = h(
    'button',
    { type: 'button', class: 'more-columns', hidden: true },
    t('More staff'),
    h('span', { 'aria-hidden': 'true' }, '\u00a0→'),
  );
  const update = () => {
    const main = scroller(grid);
    const more = Boolean(main) && main.scrollLeft + main.clientWidth < main.scrollWidth - 2;
    cue.hidden = !more;
    grid.classList.toggle('more-right', more);
  };
  cue.addEventListener('click', () => {
    const main = scroller(grid);
    main?.scrollBy({ left: main.clientWidth * 0.8, behavior: 'smooth' });
  });
  // A scroll does not bubble: listened to on the way down. A resize (a phone turned, the grid put
  // on the page) may show or hide columns.
  grid.addEventListener('scroll', update, { capture: true, passive: true });
  new ResizeObserver(update).observe(grid);
  grid.append(cue);
}
