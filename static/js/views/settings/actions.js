// Actions: each form of the settings saves what changed (nothing when nothing did) and says what
// the salon is now, in its sentence area.

import { isolate } from '../../dom.js';
import { zoneWords } from '../../format.js';
import { intl, t, tn } from '../../locale.js';
import { say, showProblems } from '../../ui/notice.js';

/** Minutes as hours in the page's language, at most two decimals: 90 → "1.5" (German "1,5"). */
const hoursText = (minutes) => intl(Intl.NumberFormat, { maximumFractionDigits: 2 }).format(minutes / 60);

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
      if (showProblems(messages, body.name ? [] : [t('Give the salon a name.')])) return;
      const changes = await saveChanges(salon, messages, body, t('Nothing to save: no field was changed.'));
      if (!changes) return;
      const business = salon.current();
      say(
        messages,
        'good',
        changes.timezone
          ? t('Saved. The salon’s times are now in {zone}: check the opening hours and the staff’s hours.', {
              zone: zoneWords(business.timezone),
            })
          : t('Saved the details of {name}.', { name: isolate(business.name) }),
      );
    },
    async saveHours(messages, week) {
      if (showProblems(messages, week.problem ? [week.problem] : [])) return;
      const business = await salon.save({ workingHours: week.value });
      const open = Object.values(business.workingHours).filter((ranges) => ranges.length).length;
      say(
        messages,
        'good',
        tn(open, 'Saved the opening hours: open {count} day a week.', 'Saved the opening hours: open {count} days a week.'),
      );
    },
    async saveRules(messages, { body, problems }) {
      if (showProblems(messages, problems)) return;
      const changes = await saveChanges(salon, messages, body, t('Nothing to save: no rule was changed.'));
      if (!changes) return;
      const business = salon.current();
      const desk = business.deskContactRequired
        ? t('A client booked at the desk needs a phone number or an e-mail address.')
        : t('At the desk a name will do.');
      const rules = t('Saved: clients can book from {notice} minutes ahead up to {days} days ahead, at a start every {step} minutes.', {
        notice: business.minNoticeMinutes,
        days: business.horizonDays,
        step: business.slotStepMinutes,
      });
      say(messages, 'good', 'deskContactRequired' in changes ? `${rules} ${desk}` : rules);
    },
    async saveClientRules(messages, { body, problems }) {
      if (showProblems(messages, problems)) return;
      if (!(await saveChanges(salon, messages, body, t('Nothing to save: no setting was changed.')))) return;
      const { reminderLeadMinutes, cancelCutoffMinutes } = salon.current();
      const hours = { lead: hoursText(reminderLeadMinutes), cutoff: hoursText(cancelCutoffMinutes) };
      say(
        messages,
        'good',
        reminderLeadMinutes === 0
          ? t('Saved: clients get no reminders, and can move or cancel online until {cutoff} hours before it.', hours)
          : t(
              'Saved: clients get a reminder {lead} hours before the visit, and can move or cancel online until {cutoff} hours before it.',
              hours,
            ),
      );
    },
  };
}
