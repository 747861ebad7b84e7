import { withDatabase, type Command } from './command.ts';
import { randomIds } from '../ids.ts';
import { resetAdminToken } from '../auth/admin-token.ts';

export const adminTokenResetCommand: Command = {
  words: ['admin-token', 'reset'],
  summary: 'make a new admin token (the old one stops working); printed once',
  usage: 'booking-api admin-token reset',
  options: {},
  async run({ config, io, json }) {
    const token = await withDatabase(config, (database) => resetAdminToken(database.db, randomIds));
    if (json) io.out(JSON.stringify({ adminToken: token }));
    else io.out(`New admin token, shown only this once:\n\n    ${token}\n`);
    if (config.adminToken !== undefined) {
      io.err('Note: BOOKING_ADMIN_TOKEN is set, and a set token wins over the stored one.');
    }
  },
};
