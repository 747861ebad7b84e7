// Render: the overview's part of the backups: a tile with the last good backup, its size and where
// it is, and the server's warnings above the tiles (older than two days, folder missing or full,
// on the same disk as the data, a code not written down).

import { h } from '../../dom.js';
import { bytes, dateTimeAgo } from '../../format.js';
import { notice } from '../../ui/notice.js';
import { folderOf } from './load.js';

function toneOf(status) {
  if (status.state === 'ok') return 'good';
  return status.lastGood?.present ? 'warn' : 'bad';
}

/** The tile among the server's: when, how large, where, and the way to the settings. */
export function backupTile(status) {
  const good = status.lastGood;
  const where = good
    ? `${bytes(good.bytes)} in ${folderOf(good.file)}${good.offsite ? ', and a copy off this computer' : ''}`
    : 'The first backup is made right after the setup, then every night.';
  return h(
    'section',
    { class: `tile ${toneOf(status)}`, id: 'backup-tile' },
    h('h3', null, 'Backup'),
    h('p', { class: 'value' }, good ? dateTimeAgo(good.at) : 'None yet'),
    h('p', { class: 'detail' }, where, ' · ', h('a', { href: '#settings' }, 'Backup settings')),
  );
}

/** The server's warnings, each a notice. */
export const backupNotices = (status) => status.warnings.map((warning) => notice('warn', warning.message));
