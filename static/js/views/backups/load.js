// Load: how the salon's backups are, as the server has it: the last good one, the warnings already
// in the salon's words, the folder, the schedule, what opens them and the latest runs.

import { api } from '../../api.js';

/** The backups' overview (adminGetBackups); backups belong to the server, not to one salon. */
export const loadBackups = () => api.call('adminGetBackups');

/** Where a backup file is: its folder. */
export const folderOf = (file) => file.replace(/\/[^/]*$/, '') || '/';
