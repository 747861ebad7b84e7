import { withDatabase, type Command } from './command.ts';

export const migrateCommand: Command = {
  words: ['migrate'],
  summary: 'create or upgrade the database, then exit',
  usage: 'booking-api migrate [--data DIR]',
  options: {},
  async run({ config, io, json }) {
    const file = await withDatabase(config, async (database) => database.location);
    if (json) io.out(JSON.stringify({ database: file, migrated: true }));
    else io.out(`Database ${file} is up to date.`);
  },
};
