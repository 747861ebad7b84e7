// Deliveries per hour over the last 24 hours, stacked by outcome, as inline SVG. Only the bars are
// SVG (stretched to any width); the labels are HTML, so they stay readable on a phone.

import { h, svg } from '../../dom.js';
import { clockTime } from '../../format.js';
import { marked, t } from '../../locale.js';

const HOUR_WIDTH = 10;
const HEIGHT = 100;

/** Outcomes bottom to top, with the words the legend uses and those of a count in the details. */
const OUTCOMES = [
  ['success', marked('delivered'), marked('{count} delivered')],
  ['retrying', marked('failed and retried later'), marked('{count} failed and retried later')],
  ['failed', marked('failed'), marked('{count} failed')],
];

/** "3 delivered, 0 failed and retried later, 1 failed": each outcome's count of `counts`. */
const countsOf = (counts) => OUTCOMES.map(([key, , words]) => t(words, { count: counts[key] })).join(', ');

const total = (hour) => hour.success + hour.retrying + hour.failed;

/** A top of the scale whose half is a whole number too: 2, 4, 10, 20, 40, 100, … */
function niceMax(value) {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [2, 4, 10]) if (step * scale >= value) return step * scale;
  }
}

function describeHour(hour, isCurrent) {
  const end = new Date(Date.parse(hour.hour) + 3_600_000).toISOString();
  const when = isCurrent ? t('This hour (since {time})', { time: clockTime(hour.hour) }) : `${clockTime(hour.hour)}–${clockTime(end)}`;
  return `${when}: ${countsOf(hour)}.`;
}

/** An hour's bars, stacked bottom to top by outcome. */
function hourBars(hour, index, max) {
  let top = HEIGHT;
  return OUTCOMES.filter(([key]) => hour[key] > 0).map(([key]) => {
    // A thin sliver stays visible even next to a tall bar: one failure must not vanish.
    const height = Math.max(1.5, (hour[key] / max) * HEIGHT);
    top -= height;
    return svg('rect', { class: `bar ${key}`, x: index * HOUR_WIDTH + 1.5, y: top, width: HOUR_WIDTH - 3, height });
  });
}

/** An hour's column: its bars, and what it says when it is picked (a click, Enter or Space). */
function hourGroup(hour, index, { max, last, select }) {
  const words = describeHour(hour, index === last);
  return svg(
    'g',
    {
      class: 'hour',
      'data-hour': hour.hour,
      tabindex: 0,
      role: 'button',
      'aria-label': words,
      onclick: () => select(index),
      onkeydown: (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select(index);
        }
      },
    },
    svg('title', null, words),
    // The whole column answers a tap, not just a bar that may be one pixel high.
    svg('rect', { class: 'hit', x: index * HOUR_WIDTH, y: 0, width: HOUR_WIDTH, height: HEIGHT }),
    hourBars(hour, index, max),
  );
}

const line = (className, y, width) =>
  svg('line', { class: className, x1: 0, x2: width, y1: y, y2: y, 'vector-effect': 'non-scaling-stroke' });

/** The bars: an SVG stretched to any width, the grid at the top and the middle, the axis at the bottom. */
function bars(hours, groups) {
  const width = HOUR_WIDTH * hours.length;
  const sums = Object.fromEntries(OUTCOMES.map(([key]) => [key, hours.reduce((n, hour) => n + hour[key], 0)]));
  return svg(
    'svg',
    {
      viewBox: `0 0 ${width} ${HEIGHT}`,
      preserveAspectRatio: 'none',
      role: 'group',
      'aria-label': t('Deliveries per hour over the last 24 hours. In total: {counts}.', { counts: countsOf(sums) }),
    },
    [0, HEIGHT / 2].map((y) => line('grid', y, width)),
    groups,
    line('axis', HEIGHT, width),
  );
}

/** The chart for `hours` (24 entries from GET /deliveries/hourly, oldest first); the last hour starts picked. */
export function hourlyChart(hours) {
  const max = niceMax(Math.max(1, ...hours.map(total)));
  const detail = h('p', { class: 'chart-detail', 'aria-live': 'polite' });
  const last = hours.length - 1;
  const select = (index) => {
    groups.forEach((g, i) => {
      g.classList.toggle('selected', i === index);
    });
    detail.textContent = describeHour(hours[index], index === last);
  };
  const groups = hours.map((hour, index) => hourGroup(hour, index, { max, last, select }));
  select(last);
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', null, t('Deliveries per hour, last 24 hours')),
    h(
      'div',
      { class: 'chart-body' },
      h('div', { class: 'chart-y', 'aria-hidden': 'true' }, h('span', null, max), h('span', null, max / 2), h('span', null, 0)),
      bars(hours, groups),
    ),
    h(
      'div',
      { class: 'chart-x', 'aria-hidden': 'true' },
      [0, 6, 12, 18].map((i) => h('span', null, clockTime(hours[i].hour))),
    ),
    h(
      'ul',
      { class: 'legend' },
      OUTCOMES.map(([key, words]) => h('li', null, h('span', { class: `swatch ${key}`, 'aria-hidden': 'true' }), t(words))),
    ),
    h('p', { class: 'hint' }, t('Tap or click a bar to see that hour.')),
    detail,
  );
}
