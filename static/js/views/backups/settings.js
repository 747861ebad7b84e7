// Render: Settings' backups: the last backup and when the next one is, what is kept, how to put one
// back, "Back up now", the backup code to write down, the folder, a passphrase of the owner's, and
// the latest runs.

import { button, busy, facts, h } from '../../dom.js';
import { bytes, dateTime, dateTimeAgo } from '../../format.js';
import { t, tn } from '../../locale.js';
import { field, formPanel, input } from '../../ui/fields.js';
import { backupNotices } from './overview.js';
import { runProblem } from './problems.js';

function when(schedule) {
  if (schedule.cron === 'off') return t('Switched off in the server’s configuration');
  return schedule.nextAt ? t('Every night; the next at {time}', { time: dateTime(schedule.nextAt) }) : t('Every night');
}

/** "3 bookings", in the page's language. */
function bookingsCount(n) {
  return tn(n, '{count} booking', '{count} bookings');
}

/**
 * The file as it is on disk, whose name carries the moment in UTC (it sorts by time in any zone),
 * and that moment in the salon's time and language beside it, so nobody reads the name as the time.
 */
function fileLine(good) {
  if (!good) return null;
  return [
    h('span', { class: 'file' }, good.file),
    h('br'),
    h('span', { class: 'hint' }, t('The time in its name is UTC; in the salon it was {time}.', { time: dateTime(good.at) })),
  ];
}

function summary(status) {
  const good = status.lastGood;
  const { daily, weekly, monthly } = status.keep;
  return facts([
    [t('Last backup'), good ? `${dateTimeAgo(good.at)}: ${bytes(good.bytes)}, ${bookingsCount(good.bookings)}` : t('None yet')],
    [t('File'), fileLine(good)],
    [t('When'), when(status.schedule)],
    [t('Copied off this computer to'), status.offsite],
    [t('Kept'), t('the newest of each of the last {daily} days, {weekly} weeks and {monthly} months', { daily, weekly, monthly })],
    [t('To put one back'), t('stop the server, then run: booking-api restore --from FOLDER')],
  ]);
}

function codePart(status, actions) {
  if (status.opensWith !== 'code' || !status.code) return null;
  const confirm = status.codeWrittenDown
    ? h('p', { class: 'hint' }, t('You said you have written it down.'))
    : h(
        'div',
        { class: 'actions' },
        button(t('I have written it down'), (element) => busy(element, t('Saving…'), actions.codeWrittenDown)),
      );
  return h(
    'div',
    { class: 'backup-code' },
    h('p', null, t('Backups open only with this backup code. Write it down and keep it away from this computer:')),
    h('p', { class: 'code', id: 'backup-code' }, status.code),
    confirm,
  );
}

function folderForm(folder, actions) {
  if (folder.chosenBy === 'configuration') {
    return h(
      'p',
      { class: 'hint' },
      t('The folder was chosen when the booking program was installed; whoever installed it can change it.'),
    );
  }
  const path = input('backup-folder', { value: folder.path, maxlength: 4096, spellcheck: 'false' });
  return formPanel(
    'backup-folder-form',
    t('Where backups go'),
    t('A folder on the server’s computer, best on another disk: a USB disk or a network folder.'),
    field(t('Backup folder'), path, t('Its whole path, such as /media/usb/salon-backups.')),
    t('Save the folder'),
    (messages) => actions.saveFolder(messages, path.value.trim()),
  );
}

function passphraseForm(actions) {
  const first = input('backup-passphrase', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  const again = input('backup-passphrase-again', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  return formPanel(
    'backup-passphrase-form',
    t('A passphrase of your own'),
    t('Instead of the backup code: at least 12 characters. Only you know it; backups made before keep what they opened with.'),
    h('div', { class: 'field-row' }, field(t('Passphrase'), first), field(t('The same again'), again)),
    t('Use this passphrase'),
    (messages) => actions.savePassphrase(messages, first.value, again.value),
  );
}

function runLine(run) {
  const at = h('strong', null, dateTime(run.startedAt));
  if (run.status === 'good') {
    return h('li', null, at, ' · ', t('{size}, {bookings}, checked', { size: bytes(run.bytes), bookings: bookingsCount(run.bookings) }));
  }
  return h('li', { class: 'failed' }, at, ' · ', t('failed: {problem}', { problem: runProblem(run.error) }));
}

function latestRuns(runs) {
  if (runs.length === 0) return [];
  return [h('h4', null, t('Latest backups')), h('ul', { class: 'backup-runs' }, runs.map(runLine))];
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
        button(t('Back up now'), (element) => busy(element, t('Backing up…'), actions.runNow), 'primary'),
      ),
      codePart(status, actions),
      folderForm(status.folder, actions),
      passphraseForm(actions),
      latestRuns(status.runs),
    ),
  };
}
