// Render: the overview's part of the backups: a tile with the last good backup, its size and where
// it is, and the server's warnings above the tiles (older than two days, folder missing or full,
// on the same disk as the data, a code not written down).

import { h } from '../../dom.js';
import { bytes, dateTimeAgo } from '../../format.js';
import { t } from '../../locale.js';
import { notice } from '../../ui/notice.js';
import { folderOf } from './load.js';
import { warningWords } from './problems.js';

function toneOf(status) {
  if (status.state === 'ok') return 'good';
  return status.lastGood?.present ? 'warn' : 'bad';
}

/** The tile among the server's: when, how large, where, and the way to the settings. */
export function backupTile(status) {
  const good = status.lastGood;
  const values = good ? { size: bytes(good.bytes), folder: folderOf(good.file) } : {};
  let where = t('The first backup is made right after the setup, then every night.');
  if (good) where = good.offsite ? t('{size} in {folder}, and a copy off this computer', values) : t('{size} in {folder}', values);
  return h(
    'section',
    { class: `tile ${toneOf(status)}`, id: 'backup-tile' },
    h('h3', null, t('Backup')),
    h('p', { class: 'value' }, good ? dateTimeAgo(good.at) : t('None yet')),
    h('p', { class: 'detail' }, where, ' · ', h('a', { href: '#settings' }, t('Backup settings'))),
  );
}

/**
 * The server's warnings that the page can say in its own language, by their code: the same words
 * as the server's (src/backups/backup-status.ts). The others, which carry the server's own details
 * (a date, an error), are said from the server's sentence (problems.js).
 */
const WARNINGS = {
  no_backup: () => t('There is no backup yet.'),
  backup_old: ({ lastGood }) => t('The last good backup is from {time}, more than two days ago.', { time: dateTimeAgo(lastGood.at) }),
  schedule_off: () =>
    t(
      'Scheduled backups were switched off when the booking program was installed: back up by hand, or ask whoever installed it to switch them on.',
    ),
  code_not_written_down: () =>
    t('Write down the backup code (Settings, Backups) and keep it away from this computer: a backup cannot be opened without it.'),
  same_disk: ({ folder }) =>
    `${t('Backups are kept on the same disk as the salon’s data ({folder}): if that disk fails or the computer is stolen, they are lost with it.', { folder: folder.path })} ${
      folder.chosenBy === 'configuration'
        ? t('The folder was chosen when the booking program was installed; whoever installed it can change it.')
        : t('Choose a USB disk or a network folder in Settings.')
    }`,
};

/** The server's warnings, each a notice. */
export const backupNotices = (status) =>
  status.warnings.map((warning) => notice('warn', WARNINGS[warning.code]?.(status) ?? warningWords(warning.message)));
