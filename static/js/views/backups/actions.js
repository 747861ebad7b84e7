// Actions: back up now, choose the folder, set a passphrase, say the code is written down. Each
// reloads the section and says what happened in its sentence area, which outlives the reload.

import { api } from '../../api.js';
import { bytes } from '../../format.js';
import { t } from '../../locale.js';
import { say, sayError, showProblems } from '../../ui/notice.js';
import { runProblem } from './problems.js';

const PASSPHRASE_LENGTH = 12;

/** `reload()` draws the section again from the server; `messages` is the section's sentence area. */
export function backupActions(reload, messages) {
  const settings = async (body) => {
    await api.call('adminUpdateBackupSettings', { body });
    await reload();
  };
  return {
    async runNow() {
      try {
        const run = await api.call('adminRunBackup');
        await reload();
        if (run.status === 'good') say(messages, 'good', t('Backed up: {size}, read back and checked.', { size: bytes(run.bytes) }));
        else say(messages, 'error', runProblem(run.error));
      } catch (error) {
        sayError(messages, error);
      }
    },
    async codeWrittenDown() {
      try {
        await settings({ codeWrittenDown: true });
      } catch (error) {
        sayError(messages, error);
      }
    },
    /** A refusal is said in the form's own area (`formMessages`), where the folder was typed. */
    async saveFolder(formMessages, folder) {
      if (showProblems(formMessages, folder ? [] : [t('Give the whole path of the folder, starting with /.')])) return;
      await settings({ folder });
      say(messages, 'good', t('Saved: backups now go to {folder}.', { folder }));
    },
    async savePassphrase(formMessages, first, again) {
      const problems = [];
      if ([...first].length < PASSPHRASE_LENGTH)
        problems.push(t('The passphrase needs at least {count} characters.', { count: PASSPHRASE_LENGTH }));
      else if (first !== again) problems.push(t('The two passphrases are not the same.'));
      if (showProblems(formMessages, problems)) return;
      await settings({ passphrase: first });
      say(messages, 'good', t('Saved: backups from now on open with your passphrase.'));
    },
  };
}
