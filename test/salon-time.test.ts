import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

// The page's one set of time-zone helpers (static/js/salon-time.js, a plain ES module that runs in
// Node as it does in the browser): a chosen date and wall-clock time in the salon's zone turned
// into the API's local time with its offset, and back.
interface SalonTime {
  zonedIso(date: string, time: string, timeZone: string): string;
  utcOffset(timeZone: string, epochMs?: number): string;
  todayIn(timeZone: string, now?: number): string;
  wallClockOf(timeZone: string, epochMs: number): string;
}
const { zonedIso, utcOffset, todayIn, wallClockOf } = (await import(
  new URL('../static/js/salon-time.js', import.meta.url).href
)) as SalonTime;

describe('the page’s salon time', () => {
  it('writes a wall-clock time with the zone’s offset of that moment', () => {
    assert.equal(zonedIso('2026-11-23', '10:00', 'Europe/Berlin'), '2026-11-23T10:00:00+01:00');
    assert.equal(zonedIso('2026-07-01', '10:00', 'Europe/Berlin'), '2026-07-01T10:00:00+02:00');
    assert.equal(zonedIso('2026-11-23', '09:05', 'Asia/Kolkata'), '2026-11-23T09:05:00+05:30');
    assert.equal(zonedIso('2026-11-23', '09:05', 'America/St_Johns'), '2026-11-23T09:05:00-03:30');
    assert.equal(zonedIso('2026-11-23', '23:45', 'Pacific/Honolulu'), '2026-11-23T23:45:00-10:00');
    assert.equal(zonedIso('2026-11-23', '00:00', 'UTC'), '2026-11-23T00:00:00+00:00');
  });

  it('keeps to an instant on the days the clocks change', () => {
    // Berlin, 29 March 2026: 02:00–03:00 does not exist; 02:30 is read with the offset before the
    // change, the instant a clock that was not put forward would show.
    assert.equal(Date.parse(zonedIso('2026-03-29', '02:30', 'Europe/Berlin')), Date.parse('2026-03-29T01:30:00Z'));
    assert.equal(zonedIso('2026-03-29', '03:30', 'Europe/Berlin'), '2026-03-29T03:30:00+02:00');
    // 25 October 2026: 02:00–03:00 happens twice; the second (winter) one is taken.
    assert.equal(zonedIso('2026-10-25', '02:30', 'Europe/Berlin'), '2026-10-25T02:30:00+01:00');
    assert.equal(zonedIso('2026-10-25', '01:30', 'Europe/Berlin'), '2026-10-25T01:30:00+02:00');
  });

  it('goes there and back for every quarter hour of 2026’s Mondays (no clock changes on a Monday), in zones on both sides of UTC', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kathmandu', 'America/St_Johns'];
    let checked = 0;
    for (const zone of zones) {
      for (let day = Date.UTC(2026, 0, 5); day < Date.UTC(2027, 0, 1); day += 7 * 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
          const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          const iso = zonedIso(date, time, zone);
          assert.equal(wallClockOf(zone, Date.parse(iso)), `${date}T${time}`, `${date} ${time} in ${zone}: ${iso}`);
          assert.equal(iso.slice(19), utcOffset(zone, Date.parse(iso)));
          checked += 1;
        }
      }
    }
    assert.equal(checked, zones.length * 52 * 96);
  });

  it('says the salon’s today and offset, not the device’s', () => {
    const instant = Date.parse('2026-11-24T07:00:00Z'); // Tuesday morning in Berlin, Monday night in Honolulu
    assert.equal(todayIn('Europe/Berlin', instant), '2026-11-24');
    assert.equal(todayIn('Pacific/Honolulu', instant), '2026-11-23');
    assert.equal(todayIn('Pacific/Kiritimati', instant), '2026-11-24');
    assert.equal(utcOffset('Europe/Berlin', instant), '+01:00');
    assert.equal(utcOffset('Europe/Berlin', Date.parse('2026-07-01T12:00:00Z')), '+02:00');
    assert.equal(utcOffset('Pacific/Honolulu', instant), '-10:00');
    assert.equal(utcOffset('America/St_Johns', instant), '-03:30');
    assert.equal(utcOffset('Pacific/Kiritimati', instant), '+14:00');
  });
});
