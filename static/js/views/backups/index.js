// Backups as the salon sees them (issue 28): Settings' section, which loads itself and draws again
// after each action, and the overview's tile and warnings (overview.js). The server words every
// warning. load → render, with the actions.

import { h } from '../../dom.js';
import { t } from '../../locale.js';
import { messageArea, sayError } from '../../ui/notice.js';
import { titledSection } from '../../ui/pages.js';
import { backupActions } from './actions.js';
import { loadBackups } from './load.js';
import { backupDetails } from './settings.js';

export { backupNotices, backupTile } from './overview.js';
export { loadBackups } from './load.js';

/** Settings' section: { element, load }, like the other parts that load themselves. */
export function backupsPart() {
  const messages = messageArea({ id: 'backup-messages' });
  const facts = h('div');
  const controls = h('div');
  const load = async () => {
    try {
      const drawn = backupDetails(await loadBackups(), actions);
      facts.replaceChildren(drawn.facts);
      controls.replaceChildren(drawn.controls);
    } catch (error) {
      sayError(messages, error);
    }
  };
  const actions = backupActions(load, messages);
  const element = titledSection(
    { class: 'card backups', id: 'backups', titleId: 'backups-title', title: t('Backups') },
    facts,
    messages,
    controls,
  );
  return { element, load };
}
