// What went wrong with a backup, as the server says it in English (src/backups/backups.service.ts,
// offsite.ts, backup-status.ts), in the page's language: a run's error and the warnings whose
// details only the server has (a folder, an error). A sentence it does not know comes as it came.

import { marked } from '../../locale.js';
import { serverSentences } from '../../server-sentences.js';

/** A backup run's error (the run list, "Back up now", the warning about the last one). */
export const runProblem = serverSentences(
  [
    marked(
      'The backup folder {folder} cannot be found. If it is on a USB disk or a network share, connect it; or choose another folder in Settings.',
    ),
    marked(
      'The backup folder {folder} is full: {free} free, and a backup needs about {needed}. Make room there or choose another folder in Settings.',
    ),
    marked('The disk is full: the backup could not be written ({folder}). Make room there or choose another folder in Settings.'),
    marked('The server cannot write into {folder} ({code}); choose a folder it may write to.'),
    marked('the backup read back from {folder} is not what was written; the disk may be failing'),
    marked('The backup could not be made: {reason}'),
  ],
  {},
  { code: '[A-Za-z0-9_]+' },
);

/** The copy off this computer (S3), when it failed. */
const offsiteProblem = serverSentences([
  marked('{bucket} cannot be reached ({reason})'),
  marked('the copy in {bucket} has {size} bytes, not {expected}'),
]);

/** The warnings that carry the server's details, by their whole sentence. */
export const warningWords = serverSentences(
  [
    marked('This server cannot back up its database: {reason}.'),
    marked('The copy of the last backup off this computer failed: {problem}. The backup itself is good.'),
    marked('The last good backup, {file}, is no longer in its folder.'),
    marked('The last backup failed: {problem}'),
    marked(
      'The backup folder {folder} cannot be found. If it is on a USB disk or a network share, connect it; or choose another folder in Settings.',
    ),
    marked(
      'The backup folder {folder} is full: {free} free, and a backup needs about {needed}. Make room there or choose another folder in Settings.',
    ),
  ],
  { problem: (text) => offsiteProblem(runProblem(text)) },
);
