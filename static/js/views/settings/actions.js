// Actions: each form of the settings saves what changed (nothing when nothing did) and says what
// the salon is now, in its sentence area.

import { isolate } from '../../dom.js';
import { plural } from '../../format.js';
import { say, showProblems } from '../../ui/notice.js';
import { hoursOf } from './client-rules.js';

/** Saves `body`'s changes to the salon; false (and a sentence) when there are none. */
async function saveChanges(salon, messages, body, nothing) {
  const changes = salon.changes(body);
  if (Object.keys(changes).length === 0) {
    say(messages, 'good', nothing);
    return false;
  }
  await salon.save(changes);
  return changes;
}

export function settingsActions(salon) {
  return {
    async saveDetails(messages, body) {
      if (showProblems(messages, body.name ? [] : ['Give the salon a name.'])) return;
      const changes = await saveChanges(salon, messages, body, 'Nothing to save: no field was changed.');
      if (!changes) return;
      const business = salon.current();
      say(
        messages,
        'good',
        changes.timezone
          ? `Saved. The salon’s times are now in ${business.timezone}: check the opening hours and the staff’s hours.`
          : ['Saved the details of ', isolate(business.name), '.'],
      );
    },
    async saveHours(messages, week) {
      if (showProblems(messages, week.problem ? [week.problem] : [])) return;
      const business = await salon.save({ workingHours: week.value });
      const open = Object.values(business.workingHours).filter((ranges) => ranges.length).length;
      say(messages, 'good', `Saved the opening hours: open ${plural(open, 'day', 'days')} a week.`);
    },
    async saveRules(messages, { body, problems }) {
      if (showProblems(messages, problems)) return;
      const changes = await saveChanges(salon, messages, body, 'Nothing to save: no rule was changed.');
      if (!changes) return;
      const business = salon.current();
      const desk = business.deskContactRequired
        ? ' A client booked at the desk needs a phone number or an e-mail address.'
        : ' At the desk a name will do.';
      say(
        messages,
        'good',
        `Saved: clients can book from ${business.minNoticeMinutes} minutes ahead up to ${business.horizonDays} days ahead, at a start every ${business.slotStepMinutes} minutes.${'deskContactRequired' in changes ? desk : ''}`,
      );
    },
    async saveClientRules(messages, { body, problems }) {
      if (showProblems(messages, problems)) return;
      if (!(await saveChanges(salon, messages, body, 'Nothing to save: no setting was changed.'))) return;
      const { reminderLeadMinutes, cancelCutoffMinutes } = salon.current();
      const reminder = reminderLeadMinutes === 0 ? 'no reminders' : `a reminder ${hoursOf(reminderLeadMinutes)} hours before the visit`;
      say(
        messages,
        'good',
        `Saved: clients get ${reminder}, and can move or cancel online until ${hoursOf(cancelCutoffMinutes)} hours before it.`,
      );
    },
  };
}
