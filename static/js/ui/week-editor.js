// The one week editor: the salon's opening hours and a staff member's hours, a row per weekday,
// read as the API writes them ({ mon: [{start, end}], … }, or with breaks { mon: { hours, breaks } }).
// A day's hours are typed ("09:00–13:00, 14:00–18:00": the settings and staff pages, any number of
// ranges) or, in the first-run setup, picked: open or not, from–until and one break, with the
// browser's time pickers (docs/decisions.md, issues 13 and 21).

import { h } from '../dom.js';
import { pageLocale, t } from '../locale.js';
import { WEEKDAY_KEYS, weekdayName } from '../salon-time.js';
import { choice, field, input } from './fields.js';

const NEW_DAY = { start: '09:00', end: '18:00' };

/** [{start: '09:00', end: '13:00'}, …] → "09:00–13:00, 14:00–18:00". */
export const rangesText = (ranges) => ranges.map((r) => `${r.start}–${r.end}`).join(', ');

const RANGE = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|—|to|bis)\s*(\d{1,2})(?:[:.](\d{2}))?\s*$/i;
const isTime = (t, max) => t <= max && Number(t.slice(3)) < 60;

/** "9-13, 14:00–18:30" → {value: ranges} or {problem}: what people type for a day's hours. Empty is a closed day. */
export function parseRanges(text, what) {
  const ranges = [];
  for (const part of text.split(/[,;]|\s+(?:and|und)\s+/)) {
    if (!part.trim()) continue;
    const match = RANGE.exec(part);
    if (!match)
      return {
        problem: t('{what}: write times as 09:00–13:00, several separated by commas (“{part}” is not understood).', {
          what,
          part: part.trim(),
        }),
      };
    const start = `${match[1].padStart(2, '0')}:${match[2] ?? '00'}`;
    const end = `${match[3].padStart(2, '0')}:${match[4] ?? '00'}`;
    if (!isTime(start, '23:59') || !isTime(end, '24:00'))
      return { problem: t('{what}: “{part}” is not a time of day.', { what, part: part.trim() }) };
    if (start >= end) return { problem: t('{what}: {start}–{end} ends before it starts.', { what, start, end }) };
    ranges.push({ start, end });
  }
  return { value: ranges };
}

/** A weekday as given, ranges or { hours, breaks }, as { hours, breaks }. */
function dayOf(week, key) {
  const day = week?.[key];
  return Array.isArray(day) ? { hours: day, breaks: [] } : { hours: day?.hours ?? [], breaks: day?.breaks ?? [] };
}

/** Opening hours with a gap (09:00–13:00, 13:30–18:00) as the picked editor shows them: one span and its break. */
function spanWithBreak({ hours, breaks }) {
  if (hours.length !== 2 || breaks.length) return { hours, breaks };
  return { hours: [{ start: hours[0].start, end: hours[1].end }], breaks: [{ start: hours[0].end, end: hours[1].start }] };
}

/** A picked day with a break, written as opening hours are: the span around the break. */
const hoursAround = ({ hours, breaks }) =>
  breaks.length
    ? [
        { start: hours[0].start, end: breaks[0].start },
        { start: breaks[0].end, end: hours[0].end },
      ]
    : hours;

/** A day typed: its hours, and its breaks when the week has them. */
function typedDay(id, name, day, breaks) {
  const what = breaks ? t('{day} hours', { day: name }) : name;
  const hours = input(id, { value: rangesText(day.hours), placeholder: t('Closed') });
  const pauses = breaks ? input(`${id}-breaks`, { value: rangesText(day.breaks), placeholder: t('No break') }) : null;
  const element = h('div', { class: 'week-day' }, field(what, hours), pauses ? field(t('{day} breaks', { day: name }), pauses) : null);
  const read = () => {
    const open = parseRanges(hours.value, what);
    const rest = pauses && !open.problem ? parseRanges(pauses.value, t('{day} breaks', { day: name })) : { value: [] };
    if (open.problem || rest.problem) return open.problem ? open : rest;
    return { value: { hours: open.value, breaks: rest.value } };
  };
  return { element, read };
}

/**
 * A time picker of a picked day, with its label before it: for a screen reader only where the
 * columns' names stand over the days (a wide screen); beside the field on a phone (style.css).
 */
function labelledTime(id, label, value, step) {
  const control = h('input', { type: 'time', id, value, step });
  return { control, element: [h('label', { for: id, class: 'visually-hidden' }, label), control] };
}

/** A picked day's hours and its break (`pause`: from, until, both empty for none), or the problem with them. */
function withBreak(name, hours, [pauseFrom, pauseUntil]) {
  if (!pauseFrom && !pauseUntil) return { value: { hours: [hours], breaks: [] } };
  if (!pauseFrom || !pauseUntil || pauseFrom >= pauseUntil)
    return { problem: t('{day}: give the break a start and a later end, or leave both empty.', { day: name }) };
  // Within the hours, with time on both sides: else the hours around it would end before they start.
  if (pauseFrom <= hours.start || pauseUntil >= hours.end)
    return {
      problem: t('{day}: the break {start}–{end} is not within the hours {from}–{until}. Change the break or leave it empty.', {
        day: name,
        start: pauseFrom,
        end: pauseUntil,
        from: hours.start,
        until: hours.end,
      }),
    };
  return { value: { hours: [hours], breaks: [{ start: pauseFrom, end: pauseUntil }] } };
}

/**
 * "No break on Saturday": one click for a day without the break the other days have (the new-user
 * trial cleared two time fields for it). Ticked, it empties the break's times (kept, to come back
 * when it is unticked); a break typed unticks it. Ticked from the start when the day has no break.
 */
function noBreakBox(id, name, pause) {
  const [from, until] = pause.map((p) => p.control);
  const box = h('input', { type: 'checkbox', id: `${id}-no-break` });
  let kept = ['', ''];
  let ticking = false;
  const sync = () => {
    if (!ticking) box.checked = !from.value && !until.value;
  };
  box.addEventListener('change', () => {
    if (box.checked) {
      kept = [from.value, until.value];
      from.value = '';
      until.value = '';
    } else [from.value, until.value] = kept;
    // As if typed (the form counts as changed), without undoing the tick: unticked with no break kept, the times stay empty.
    ticking = true;
    for (const control of [from, until]) control.dispatchEvent(new Event('input', { bubbles: true }));
    ticking = false;
  });
  for (const control of [from, until]) control.addEventListener('input', sync);
  sync();
  const label = h('label', { for: box.id, class: 'visually-hidden' }, t('No break on {day}', { day: name }));
  return { element: h('div', { class: 'no-break' }, box, label), sync };
}

/** A picked day: open or not (`dayLabel` "Open on"), from–until, and a break when the week has them. */
function pickedDay(id, name, day, breaks, dayLabel) {
  const first = day.hours[0];
  const open = h('input', { type: 'checkbox', id: `${id}-open`, checked: Boolean(first) });
  const start = labelledTime(`${id}-start`, t('{day} from', { day: name }), first?.start ?? NEW_DAY.start, '900');
  const end = labelledTime(`${id}-end`, t('{day} until', { day: name }), first?.end ?? NEW_DAY.end, '900');
  const pause = breaks
    ? [
        labelledTime(`${id}-break-start`, t('{day} break from', { day: name }), day.breaks[0]?.start, '300'),
        labelledTime(`${id}-break-end`, t('{day} break until', { day: name }), day.breaks[0]?.end, '300'),
      ]
    : [];
  const noBreak = breaks ? noBreakBox(id, name, pause) : null;
  const times = h(
    'div',
    { class: 'day-times' },
    start.element,
    end.element,
    pause.map((p) => p.element),
    noBreak?.element,
  );
  const sync = () => {
    times.hidden = !open.checked;
  };
  open.addEventListener('change', sync);
  sync();
  // Hours set by hand are the day's own: "Monday's hours on every open day" leaves them (copyAll()).
  let own = Boolean(day.own);
  for (const control of [start.control, end.control]) control.addEventListener('change', () => (own = true));
  const read = () => {
    if (!open.checked) return { value: { hours: [], breaks: [] } };
    const [from, until] = [start.control.value, end.control.value];
    if (!from || !until || from >= until) return { problem: t('{day}: the closing time must come after the opening time.', { day: name }) };
    return withBreak(
      name,
      { start: from, end: until },
      pause.map((p) => p.control.value),
    );
  };
  const controls = [start.control, end.control, ...pause.map((p) => p.control)];
  /** The day's times, whether it is open and whether its hours are its own: `copy()` reads them, `paste()` writes another day's. */
  const copy = () => ({ open: open.checked, times: controls.map((c) => c.value), own });
  const paste = (from) => {
    own = from.own;
    open.checked = from.open;
    controls.forEach((c, i) => {
      c.value = from.times[i];
    });
    sync();
    noBreak?.sync();
    // As if typed: the form counts as changed, and each field shows its new time.
    for (const control of [open, ...controls]) control.dispatchEvent(new Event('input', { bubbles: true }));
  };
  return {
    element: h('div', { class: 'day' }, choice(open, t('{label} {day}', { label: dayLabel, day: name })), times),
    read,
    copy,
    paste,
  };
}

/** "09:00–18:00" of a picked day's copy (its from and until). */
const hoursOf = ({ times }) => `${times[0]}–${times[1]}`;
/** The break of a picked day's copy, when it has one within its hours' [from, until]. */
const breakWithin = ({ times }, [from, until]) => times[2] && times[3] && from < times[2] && times[3] < until;

/**
 * Monday's hours on every other open day, and the sentences saying what happened: a day whose hours
 * were set by hand keeps them, and takes Monday's break only when its hours contain it.
 */
function copyAll(days) {
  const [first, ...others] = days;
  const monday = first.copy?.();
  if (!monday) return [t('{first}’s hours are written out (more than the grid shows): they are not copied.', { first: first.name })];
  // A Monday without hours has none to copy: closing every open day instead would undo them all.
  if (!monday.open) return [t('{first} has no hours: tick it and set its hours first.', { first: first.name })];
  const taken = [];
  const sentences = [];
  for (const day of others) {
    const own = day.copy?.();
    // A day written out (more than the grid shows) is kept as it is: copying would drop its times.
    if (!own) {
      sentences.push(t('{day} keeps its hours as they are written.', { day: day.name }));
      continue;
    }
    if (!own.open) continue;
    if (!own.own) {
      day.paste({ ...monday, own: false });
      taken.push(day.name);
      continue;
    }
    const words = { day: day.name, first: first.name, hours: hoursOf(own), break: `${monday.times[2]}–${monday.times[3]}` };
    if (!monday.times[2]) sentences.push(t('{day} keeps its own hours ({hours}).', words));
    else if (breakWithin(monday, own.times)) {
      day.paste({ ...own, times: [own.times[0], own.times[1], monday.times[2], monday.times[3]] });
      sentences.push(t('{day} keeps its own hours ({hours}), with {first}’s break ({break}).', words));
    } else
      sentences.push(
        t('{day} keeps its own hours ({hours}): {first}’s break ({break}) is not within them, so it is not copied there.', words),
      );
  }
  const list = new Intl.ListFormat(pageLocale(), { type: 'conjunction' }).format(taken);
  return [taken.length ? t('{first}’s hours are now on {days}.', { first: first.name, days: list }) : null, ...sentences].filter(Boolean);
}

/** "Same as Monday" on each day after the first, and "Monday's hours on every open day" above them, saying what it did. */
function copyButtons(days) {
  days.forEach((day, i) => {
    const before = days[i - 1];
    if (i === 0 || !day.paste || !before.copy) return;
    const same = h('button', { type: 'button', class: 'quiet copy-day' }, t('Same as {day}', { day: before.name }));
    same.addEventListener('click', () => day.paste(before.copy()));
    day.element.append(same);
  });
  const first = days[0];
  const all = h('button', { type: 'button', class: 'quiet' }, t('{day}’s hours on every open day', { day: first.name }));
  const said = h('p', { class: 'hint', role: 'status' });
  all.addEventListener('click', () => {
    said.textContent = copyAll(days).join(' ');
  });
  return h(
    'div',
    { class: 'week-copy' },
    h('div', { class: 'actions' }, all),
    h('p', { class: 'hint' }, t('Days whose hours you set yourself keep them; a break is copied only into hours that contain it.')),
    said,
  );
}

/** The names over the picked days' columns, on a wide screen (each field has its own label for a screen reader). */
const weekHead = () =>
  h(
    'div',
    { class: 'week-head', 'aria-hidden': 'true' },
    h('span', null),
    [t('From'), t('Until'), t('Break from'), t('Break until'), t('No break')].map((name) => h('span', null, name)),
  );

/**
 * Whether the picked grid shows a day as it is: one span (a time picker holds no 24:00) and, when
 * the week has breaks, at most one break inside it. Any other day is written out (writtenDay()).
 */
function fitsGrid({ hours, breaks }, withBreaks) {
  if (hours.length > 1 || breaks.length > (withBreaks ? 1 : 0)) return false;
  if (!hours.length) return breaks.length === 0;
  const [pause] = breaks;
  return hours[0].end !== '24:00' && (!pause || (hours[0].start < pause.start && pause.end < hours[0].end));
}

/** A day the grid cannot show (three spans, say), in the grid as typed fields: kept as it is, and editable. */
function writtenDay(id, name, day, breaks) {
  const typed = typedDay(id, name, day, breaks);
  const hint = t(
    '{day} has more times than the grid shows: they are kept as they are, written as 09:00–13:00, several separated by commas.',
    {
      day: name,
    },
  );
  return { ...typed, element: h('div', { class: 'day day-written' }, h('p', { class: 'hint' }, hint), typed.element) };
}

/**
 * A day of a picked week: on the grid when it fits, else written out (its breaks apart when the week
 * has them, `written`); `stored` days whose hours differ from the first's are their own.
 */
function gridDay(id, name, raw, { breaks, written, picked, first }) {
  const day = spanWithBreak(raw);
  if (!fitsGrid(day, breaks)) return writtenDay(id, name, raw, written);
  const own = Boolean(picked.stored && first && rangesText(day.hours) !== rangesText(first.hours));
  return pickedDay(id, name, { ...day, own }, breaks, picked.dayLabel);
}

/**
 * The week's rows, ids `${prefix}-mon`…; `breaks` for a staff member's week; `lunch` for opening
 * hours picked with a break, written as the hours around it. `picked` ({ legend, dayLabel, hint, stored })
 * picks the times instead of typing them, in a fieldset of its own, with a day copied to the next
 * or to every open day in one press; a day it cannot show stays written out. `stored`: the week is
 * the salon's saved one (Settings, a staff member), so a day with other hours than Monday's is its own. `read()` gives {value} or {problem}, a sentence naming the day.
 */
export function weekEditor(prefix, week, { breaks = false, lunch = false, picked = null } = {}) {
  const first = picked ? spanWithBreak(dayOf(week, WEEKDAY_KEYS[0])) : null;
  const days = WEEKDAY_KEYS.map((key, i) => {
    const name = weekdayName(i);
    const day = dayOf(week, key);
    const id = `${prefix}-${key}`;
    const shown = picked
      ? gridDay(id, name, day, { breaks: breaks || lunch, written: breaks, picked, first: i ? first : null })
      : typedDay(id, name, day, breaks);
    return { key, name, ...shown };
  });
  const rows = days.map((day) => day.element);
  const element = picked
    ? h(
        'fieldset',
        { class: 'week' },
        h('legend', null, picked.legend),
        picked.hint ? h('p', { class: 'hint' }, picked.hint) : null,
        copyButtons(days),
        // One grid for the days: their times line up in columns.
        h('div', { class: 'week-days' }, weekHead(), rows),
      )
    : h('div', { class: 'week-fields' }, rows);
  const read = () => {
    const value = {};
    for (const day of days) {
      const answer = day.read();
      if (answer.problem) return answer;
      value[day.key] = breaks ? answer.value : lunch ? hoursAround(answer.value) : answer.value.hours;
    }
    return { value };
  };
  return { element, read };
}
