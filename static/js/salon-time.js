// Dates and times in the salon's time zone, whatever the browser's is. The API writes a booking's
// times as the salon's local time with its offset (2026-11-23T10:00:00+01:00); the page shows that
// wall-clock time as it is and turns a chosen date and time back into such a string. Dates are
// written in the page's language (locale.js), whatever the browser's is.

import { intl, t } from './locale.js';

let salonZone;

/**
 * The salon whose times the page shows (app.js, when it picks a salon): every instant the page
 * writes (format.js: a booking's "Booked" time, the activity, the backups) is written in its time
 * zone, not the browser's. null before a salon is known: then the browser's.
 */
export function showTimesIn(timeZone) {
  salonZone = timeZone || undefined;
}

/** The zone instants are written in: the salon's, or undefined (the browser's) before there is one. */
export const shownZone = () => salonZone;

/** The browser's time zone, for a new salon (Intl knows it; UTC when it does not say). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The time zones the browser knows, for a choice; the detected one is always among them. */
export function timeZones(current) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, ...known])].filter(Boolean).sort();
}

const partsCache = new Map();
function partsIn(timeZone, epochMs) {
  let format = partsCache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return parts;
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(timeZone, epochMs) {
  const p = partsIn(timeZone, epochMs);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** Today's date in the salon: YYYY-MM-DD. */
export function todayIn(timeZone, now = Date.now()) {
  const p = partsIn(timeZone, now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The salon's wall-clock time of an instant: "YYYY-MM-DDTHH:MM". */
export function wallClockOf(timeZone, epochMs) {
  const p = partsIn(timeZone, epochMs);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const pad = (n) => String(Math.abs(n)).padStart(2, '0');

/**
 * "2026-11-23T10:00:00+01:00" for a date and a wall-clock time ("10:00") in the salon's zone.
 * Near a clock change the offset of the resulting instant is the one that counts.
 */
export function zonedIso(date, time, timeZone) {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  let offset = offsetMinutes(timeZone, guess);
  offset = offsetMinutes(timeZone, guess - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${pad(hh)}:${pad(mm)}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The zone's offset from UTC at an instant, as "+01:00" (the calendar library takes a fixed offset). */
export function utcOffset(timeZone, epochMs = Date.now()) {
  const offset = offsetMinutes(timeZone, epochMs);
  return `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** "2026-11-23T10:00" from the API's "2026-11-23T10:00:00+01:00": the salon's wall clock. */
export const wallClock = (localIso) => localIso.slice(0, 16);

/** "10:00" of a local ISO string. */
export const timeOf = (localIso) => localIso.slice(11, 16);

/** A date moved by whole days (calendar days, no clocks involved). */
export function addDays(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return moved.toISOString().slice(0, 10);
}

/** Monday of the week of `date`. */
export function mondayOf(date) {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export const isDate = (text) => /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** "Monday 23 November 2026" for a YYYY-MM-DD date. */
export function longDate(date) {
  const [y, m, d] = date.split('-').map(Number);
  return intl(Intl.DateTimeFormat, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** The weekday keys of the API's weekly hours, Monday first. */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** The name of weekday `i` (0: Monday) in the page's language, `weekday` long ("Monday") or short ("Mon"). */
export const weekdayName = (i, weekday = 'long') =>
  intl(Intl.DateTimeFormat, { weekday, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i));

/** The weekday key ("mon") of a YYYY-MM-DD date. */
export function weekdayKey(date) {
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAY_KEYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

const dayFormat = () =>
  intl(Intl.DateTimeFormat, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "2026-11-23" → "Mon, 23 Nov 2026" (a calendar date, no time zone involved). */
export function dayText(date) {
  const [y, m, d] = date.split('-').map(Number);
  return dayFormat().format(new Date(Date.UTC(y, m - 1, d)));
}

const numericDate = () => intl(Intl.DateTimeFormat, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** "2026-11-23" → "23.11.2026" (German), "23/11/2026" (English, UK): a date field's date in the page's order. */
export function numericDateText(date) {
  const [y, m, d] = date.split('-').map(Number);
  return numericDate().format(new Date(Date.UTC(y, m - 1, d)));
}

/** An empty date field's pattern in the page's order and words: "TT.MM.JJJJ", "dd/mm/yyyy". */
export function datePattern() {
  const words = { day: t('dd'), month: t('mm'), year: t('yyyy') };
  return numericDate()
    .formatToParts(new Date(Date.UTC(2026, 10, 23)))
    .map((part) => words[part.type] ?? part.value)
    .join('');
}

/**
 * What a date, time or date-and-time field's value ("2026-11-23", "14:30", "2026-11-23T14:30")
 * reads on the page: the date in the page's order, the time in 24 hours (format.js HOUR_CYCLE),
 * whatever the browser's language. Empty: the pattern to type.
 */
export function fieldText(type, value) {
  if (type === 'time') return value ? value.slice(0, 5) : '--:--';
  if (type === 'date') return isDate(value) ? numericDateText(value) : datePattern();
  const [date, time] = (value ?? '').split('T');
  return isDate(date) ? `${numericDateText(date)}, ${time.slice(0, 5)}` : `${datePattern()}, --:--`;
}

/** "2026-11-23T10:00:00+01:00" → "Mon, 23 Nov 2026, 10:00": the salon's wall clock, as the API wrote it. */
export const salonDateTime = (localIso) => `${dayText(localIso.slice(0, 10))}, ${localIso.slice(11, 16)}`;
