import { DateTime } from 'luxon';

/**
 * An iCalendar VTIMEZONE (RFC 5545 3.6.5) for `zone`, exact from `from` to `to` (instants): one
 * observance for the offset in effect at `from`, then one per change of offset in between, each
 * with the wall-clock time it starts at. Listing the actual changes, not a yearly rule, keeps
 * zones whose rules changed (or will) right, and needs nothing but the runtime's zone data.
 */
export function vtimezone(zone: string, from: number, to: number): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const first = DateTime.fromMillis(from, { zone });
  lines.push(...observance(first, first.offset, '19700101T000000'));
  for (const change of offsetChanges(zone, from, to)) {
    const before = change.minus({ minutes: 1 });
    lines.push(...observance(change, before.offset, wallClock(change.toMillis(), before.offset)));
  }
  lines.push('END:VTIMEZONE');
  return `${lines.join('\r\n')}\r\n`;
}

function observance(at: DateTime, offsetFrom: number, start: string): string[] {
  const kind = at.isInDST ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${offsetText(offsetFrom)}`,
    `TZOFFSETTO:${offsetText(at.offset)}`,
    `TZNAME:${at.offsetNameShort ?? offsetText(at.offset)}`,
    `END:${kind}`,
  ];
}

/** The wall-clock time of an instant at an offset, as DTSTART writes it (the offset before the change). */
const wallClock = (ms: number, offset: number) => DateTime.fromMillis(ms + offset * 60_000, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss");

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const DAY = 86_400_000;

/** The first minute of each new offset between `from` and `to`: found by the day, then to the minute. */
function offsetChanges(zone: string, from: number, to: number): DateTime[] {
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const changes: DateTime[] = [];
  for (let day = Math.floor(from / 60_000) * 60_000; day < to; day += DAY) {
    if (offsetAt(day) === offsetAt(day + DAY)) continue;
    let [low, high] = [day, day + DAY];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(middle) === offsetAt(low)) low = middle;
      else high = middle;
    }
    changes.push(DateTime.fromMillis(high, { zone }));
  }
  return changes;
}
