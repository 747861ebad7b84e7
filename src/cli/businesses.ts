import businessCreateSchema from '../../schema/business-create.ts';
import { systemClock } from '../clock.ts';
import { bodyParser } from '../http/validate.ts';
import { required, table, withDatabase, type Command } from './command.ts';
import { allBusinesses, createBusiness } from '../businesses/businesses.service.ts';

/** The command line is checked against the same schema as the admin API's body. */
const parseBusinessCreate = bodyParser(businessCreateSchema);

export const businessesCreateCommand: Command = {
  words: ['businesses', 'create'],
  summary: 'add a business (a salon)',
  usage: 'booking-api businesses create --name NAME [--timezone Europe/Berlin] [--address TEXT] [--currency EUR]',
  options: {
    name: { type: 'string', description: 'name shown to clients', placeholder: 'NAME' },
    timezone: { type: 'string', description: 'IANA time zone of the salon (default Europe/Berlin)', placeholder: 'ZONE' },
    address: { type: 'string', description: 'postal address', placeholder: 'TEXT' },
    phone: { type: 'string', description: 'phone number', placeholder: 'TEXT' },
    email: { type: 'string', description: 'contact e-mail', placeholder: 'EMAIL' },
    currency: { type: 'string', description: 'ISO 4217 currency of prices (default EUR)', placeholder: 'CODE' },
  },
  async run({ values, config, io, json }) {
    const input = parseBusinessCreate({
      name: required(values, 'name'),
      ...pick(values, ['timezone', 'address', 'phone', 'email', 'currency']),
    });
    const business = await withDatabase(config, (database) => createBusiness(database.db, systemClock, input));
    if (json) io.out(JSON.stringify(business));
    else io.out(`Created business ${business.id} "${business.name}" (${business.timezone}).`);
  },
};

export const businessesListCommand: Command = {
  words: ['businesses', 'list'],
  summary: 'list businesses',
  usage: 'booking-api businesses list',
  options: {},
  async run({ config, io, json }) {
    const businesses = await withDatabase(config, (database) => allBusinesses(database.db));
    if (json) io.out(JSON.stringify(businesses));
    else if (businesses.length === 0) io.out('No businesses yet. Add one with: booking-api businesses create --name NAME');
    else
      io.out(
        table(
          ['ID', 'NAME', 'TIMEZONE'],
          businesses.map((b) => [String(b.id), b.name, b.timezone]),
        ),
      );
  },
};

function pick(values: Record<string, string | boolean | undefined>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (typeof values[n] === 'string' ? [[n, values[n] as string]] : [])));
}
