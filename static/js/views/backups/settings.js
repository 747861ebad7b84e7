// Render: Settings' backups: the last backup and when the next one is, what is kept, how to put one
// back, "Back up now", the backup code to write down, the folder, a passphrase of the owner's, and
// the latest runs.

import { button, busy, facts, h } from '../../dom.js';
import { bytes, dateTime, dateTimeAgo, plural } from '../../format.js';
import { field, formPanel, input } from '../../ui/fields.js';
import { backupNotices } from './overview.js';

function when(schedule) {
  if (schedule.cron === 'off') return 'Switched off in the server’s configuration';
  return schedule.nextAt ? `Every night; the next at ${dateTime(schedule.nextAt)}` : 'Every night';
}

function summary(status) {
  const good = status.lastGood;
  const { daily, weekly, monthly } = status.keep;
  return facts([
    ['Last backup', good ? `${dateTimeAgo(good.at)}: ${bytes(good.bytes)}, ${plural(good.bookings, 'booking', 'bookings')}` : 'None yet'],
    ['File', good?.file],
    ['When', when(status.schedule)],
    ['Copied off this computer to', status.offsite],
    ['Kept', `the newest of each of the last ${daily} days, ${weekly} weeks and ${monthly} months`],
    ['To put one back', 'stop the server, then run: booking-api restore --from FOLDER'],
  ]);
}

function codePart(status, actions) {
  if (status.opensWith !== 'code' || !status.code) return null;
  const confirm = status.codeWrittenDown
    ? h('p', { class: 'hint' }, 'You said you have written it down.')
    : h(
        'div',
        { class: 'actions' },
        button('I have written it down', (element) => busy(element, 'Saving…', actions.codeWrittenDown)),
      );
  return h(
    'div',
    { class: 'backup-code' },
    h('p', null, 'Backups open only with this backup code. Write it down and keep it away from this computer:'),
    h('p', { class: 'code', id: 'backup-code' }, status.code),
    confirm,
  );
}

function folderForm(folder, actions) {
  if (folder.chosenBy === 'configuration') {
    return h('p', { class: 'hint' }, 'The folder was chosen when the booking program was installed; whoever installed it can change it.');
  }
  const path = input('backup-folder', { value: folder.path, maxlength: 4096, spellcheck: 'false' });
  return formPanel(
    'backup-folder-form',
    'Where backups go',
    'A folder on the server’s computer, best on another disk: a USB disk or a network folder.',
    field('Backup folder', path, 'Its whole path, such as /media/usb/salon-backups.'),
    'Save the folder',
    (messages) => actions.saveFolder(messages, path.value.trim()),
  );
}

function passphraseForm(actions) {
  const first = input('backup-passphrase', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  const again = input('backup-passphrase-again', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  return formPanel(
    'backup-passphrase-form',
    'A passphrase of your own',
    'Instead of the backup code: at least 12 characters. Only you know it; backups made before keep what they opened with.',
    h('div', { class: 'field-row' }, field('Passphrase', first), field('The same again', again)),
    'Use this passphrase',
    (messages) => actions.savePassphrase(messages, first.value, again.value),
  );
}

function runLine(run) {
  const at = h('strong', null, dateTime(run.startedAt));
  if (run.status === 'good') return h('li', null, at, ` · ${bytes(run.bytes)}, ${plural(run.bookings, 'booking', 'bookings')}, checked`);
  return h('li', { class: 'failed' }, at, ` · failed: ${run.error}`);
}

function latestRuns(runs) {
  if (runs.length === 0) return [];
  return [h('h4', null, 'Latest backups'), h('ul', { class: 'backup-runs' }, runs.map(runLine))];
}

/**
 * What the section shows, drawn again after each action: `facts` (the summary and the warnings)
 * above the section's sentence area, `controls` (back up now, the code, the forms, the runs) below.
 */
export function backupDetails(status, actions) {
  return {
    facts: h('div', null, summary(status), backupNotices(status)),
    controls: h(
      'div',
      null,
      h(
        'div',
        { class: 'actions' },
        button('Back up now', (element) => busy(element, 'Backing up…', actions.runNow), 'primary'),
      ),
      codePart(status, actions),
      folderForm(status.folder, actions),
      passphraseForm(actions),
      latestRuns(status.runs),
    ),
  };
}
