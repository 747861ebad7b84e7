// My time off (#time-off): a person's own time off, for the staff member their account is (a
// stylist enters their holidays here; the server admits their own, docs/security.md). The staff
// page's time-off editor (time-off.js), without the rest of the staff page they do not change.
// #time-off/2026-11-23T10:40 (a click on their column of the calendar) fills in that day from then.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { dayText, isDate } from '../../salon-time.js';
import { notice } from '../../ui/notice.js';
import { hhmm, minutes } from '../calendar/state.js';
import { viewPage } from '../../ui/pages.js';
import { timeOffSection } from './time-off.js';

/**
 * `#time-off/2026-11-23T10:40`, a click on the stylist's own column of the calendar: part of that
 * day, from then for an hour (to be set), said in a sentence. Anything else proposes nothing.
 */
function proposeFrom(id, timeOff) {
  const [, date, time] = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(id ?? '') ?? [];
  if (!isDate(date) || time > '23:54') return;
  const until = hhmm(Math.min(minutes(time) + 60, 23 * 60 + 55));
  timeOff.propose(
    { allDay: false, startTime: `${date}T${time}`, endTime: `${date}T${until}` },
    t('From your click on the calendar: {day} from {time}. Set until when, then press “Add time off”.', { day: dayText(date), time }),
  );
}

export async function renderMyTimeOff(ctx, id) {
  const staffId = ctx.me?.staffId;
  if (!staffId) {
    return viewPage(
      { class: 'my-time-off', title: t('My time off') },
      notice('info', t('Your account is no staff member of the salon, so it has no time off of its own. Time off is entered under Staff.')),
    );
  }
  const member = await ctx.api.call('adminGetStaffMember', { id: staffId });
  const timeOff = timeOffSection(ctx, member);
  await timeOff.load();
  proposeFrom(id, timeOff);
  return viewPage({ class: 'my-time-off', title: t('My time off') }, h('div', { class: 'message-area' }, ctx.flash), timeOff.element);
}
