// Backups as the salon sees them. The overview: a tile with the last good backup, its size and
// where it is, and the server's warnings (older than two days, folder missing or full, on the same
// disk as the data, a code not written down). Settings: where backups go, what opens them, the
// backup code to write down, "Back up now" and the latest runs. The server words every warning.

import { api } from './api.js';
import { busy, errorNotice, facts, h, notice } from './dom.js';
import { field, formPanel, input, say } from './forms.js';
import { bytes, dateTime, dateTimeAgo, plural } from './format.js';

const folderOf = (file) => file.replace(/\/[^/]*$/, '') || '/';

/** The overview's part: { notices, tile }, the notices above the tiles and the tile among them. */
export async function backupOverview() {
  const status = await api('/backups');
  const good = status.lastGood;
  const tone = status.state === 'ok' ? 'good' : good?.present ? 'warn' : 'bad';
  const tile = h(
    'section',
    { class: `tile ${tone}`, id: 'backup-tile' },
    h('h3', null, 'Backup'),
    h('p', { class: 'value' }, good ? dateTimeAgo(good.at) : 'None yet'),
    h(
      'p',
      { class: 'detail' },
      good
        ? `${bytes(good.bytes)} in ${folderOf(good.file)}${good.offsite ? ', and a copy off this computer' : ''}`
        : 'The first backup is made right after the setup, then every night.',
      ' · ',
      h('a', { href: '#settings' }, 'Backup settings'),
    ),
  );
  return { notices: status.warnings.map((warning) => notice('warn', warning.message)), tile };
}

function when(status) {
  if (status.schedule.cron === 'off') return 'Switched off in the server’s configuration';
  return status.schedule.nextAt ? `Every night; the next at ${dateTime(status.schedule.nextAt)}` : 'Every night';
}

function runLine(run) {
  const at = dateTime(run.startedAt);
  if (run.status === 'good') {
    return h('li', null, h('strong', null, at), ` · ${bytes(run.bytes)}, ${plural(run.bookings, 'booking', 'bookings')}, checked`);
  }
  return h('li', { class: 'failed' }, h('strong', null, at), ` · failed: ${run.error}`);
}

function codePart(status, reload) {
  if (status.opensWith !== 'code' || !status.code) return null;
  const written = h(
    'button',
    { type: 'button', onclick: (event) => busy(event.currentTarget, 'Saving…', () => save({ codeWrittenDown: true }, reload)) },
    'I have written it down',
  );
  return h(
    'div',
    { class: 'backup-code' },
    h('p', null, 'Backups open only with this backup code. Write it down and keep it away from this computer:'),
    h('p', { class: 'code', id: 'backup-code' }, status.code),
    status.codeWrittenDown ? h('p', { class: 'hint' }, 'You said you have written it down.') : h('div', { class: 'actions' }, written),
  );
}

async function save(body, reload) {
  try {
    await api('/backups/settings', { method: 'PUT', body });
    await reload();
  } catch (error) {
    document.getElementById('backup-messages')?.replaceChildren(errorNotice(error));
  }
}

function folderForm(status, reload) {
  if (status.folder.chosenBy === 'configuration') {
    return h('p', { class: 'hint' }, 'The folder is set in the server’s configuration (BOOKING_BACKUP_DIR).');
  }
  const folder = input('backup-folder', { value: status.folder.path, maxlength: 4096, spellcheck: 'false' });
  return formPanel(
    'backup-folder-form',
    'Where backups go',
    'A folder on the server’s computer, best on another disk: a USB disk or a network folder.',
    field('Backup folder', folder, 'Its whole path, such as /media/usb/salon-backups.'),
    'Save the folder',
    async (messages) => {
      await api('/backups/settings', { method: 'PUT', body: { folder: folder.value.trim() } });
      await reload();
      say(document.getElementById('backup-messages'), 'good', `Saved: backups now go to ${folder.value.trim()}.`);
      messages.replaceChildren();
    },
  );
}

function passphraseForm(reload) {
  const first = input('backup-passphrase', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  const again = input('backup-passphrase-again', { type: 'password', autocomplete: 'new-password', maxlength: 1024 });
  return formPanel(
    'backup-passphrase-form',
    'A passphrase of your own',
    'Instead of the backup code: at least 12 characters. Only you know it; backups made before keep what they opened with.',
    h('div', { class: 'field-row' }, field('Passphrase', first), field('The same again', again)),
    'Use this passphrase',
    async (messages) => {
      if ([...first.value].length < 12) return say(messages, 'error', 'The passphrase needs at least 12 characters.');
      if (first.value !== again.value) return say(messages, 'error', 'The two passphrases are not the same.');
      await api('/backups/settings', { method: 'PUT', body: { passphrase: first.value } });
      await reload();
      say(document.getElementById('backup-messages'), 'good', 'Saved: backups from now on open with your passphrase.');
    },
  );
}

/** Settings' part: a section that loads itself and reloads after each change. */
export function backupSettings() {
  const section = h('section', { class: 'card backups', id: 'backups', 'aria-labelledby': 'backups-title' });
  const reload = async () => {
    const status = await api('/backups');
    const good = status.lastGood;
    const now = h('button', { type: 'button', class: 'primary' }, 'Back up now');
    now.addEventListener('click', () =>
      busy(now, 'Backing up…', async () => {
        try {
          const run = await api('/backups', { method: 'POST' });
          await reload();
          const messages = document.getElementById('backup-messages');
          if (run.status === 'good') say(messages, 'good', `Backed up: ${bytes(run.bytes)}, read back and checked.`);
          else say(messages, 'error', run.error);
        } catch (error) {
          document.getElementById('backup-messages')?.replaceChildren(errorNotice(error));
        }
      }),
    );
    section.replaceChildren(
      h('h3', { id: 'backups-title' }, 'Backups'),
      facts([
        [
          'Last backup',
          good ? `${dateTimeAgo(good.at)}: ${bytes(good.bytes)}, ${plural(good.bookings, 'booking', 'bookings')}` : 'None yet',
        ],
        ['File', good?.file],
        ['When', when(status)],
        ['Copied off this computer to', status.offsite],
        ['Kept', `the newest of each of the last ${status.keep.daily} days, ${status.keep.weekly} weeks and ${status.keep.monthly} months`],
        ['To put one back', 'stop the server, then run: booking-api restore --from FOLDER'],
      ]),
      status.warnings.map((warning) => notice('warn', warning.message)),
      h('div', { class: 'message-area', id: 'backup-messages' }),
      h('div', { class: 'actions' }, now),
      codePart(status, reload),
      folderForm(status, reload),
      passphraseForm(reload),
      status.runs.length ? h('h4', null, 'Latest backups') : null,
      status.runs.length ? h('ul', { class: 'backup-runs' }, status.runs.map(runLine)) : null,
    );
  };
  return { element: section, load: reload };
}
