import apiKeyCreateSchema from '../../schema/api-key-create.ts';
import { systemClock } from '../clock.ts';
import { bodyParser } from '../http/validate.ts';
import { list, positiveId, required, table, UsageError, withDatabase, type Command, type RunArgs } from './command.ts';
import { randomIds } from '../ids.ts';
import type { KeyJson } from '../auth/api-key.ts';
import { allKeys, createKey, regenerateKey, revokeKeyById, type KeysDeps, type KeyWithValue } from '../keys/keys.service.ts';
import { SCOPE_PRESETS, SCOPES } from '../auth/scopes.ts';

async function withKeys<T>(config: RunArgs['config'], work: (deps: KeysDeps) => Promise<T>): Promise<T> {
  return withDatabase(config, (database) => work({ db: database.db, clock: systemClock, ids: randomIds }));
}

/**
 * The key as its owner knows it: the name they gave it and what it may do. Its id comes after, as
 * what the API and the other commands call it: ids count every key of the server (the booking
 * page's own key among them), so the salon's first key is seldom "1".
 */
function keyLine(key: KeyJson): string {
  return `"${key.name}" (${key.scopes.join(', ')}), key id ${key.id} of business ${key.businessId}`;
}

function printNewKey(args: RunArgs, key: KeyWithValue, verb: string): void {
  if (args.json) {
    args.io.out(JSON.stringify(key));
    return;
  }
  args.io.out(
    `${verb} the API key ${keyLine(key)}.\n\n` +
      `    ${key.key}\n\n` +
      'This is the only time the key is shown. Store it now; only its hash is kept.',
  );
}

/** The command line is checked against the same schema as the admin API's body. */
const parseKeyCreate = bodyParser(apiKeyCreateSchema);

const presetHelp = Object.entries(SCOPE_PRESETS)
  .map(([name, preset]) => `${name} (${preset.label})`)
  .join(', ');

export const keysCreateCommand: Command = {
  words: ['keys', 'create'],
  summary: 'create an API key; its value is printed once',
  usage:
    'booking-api keys create --business ID --name NAME --scopes a,b,c [--origins d1,d2] [--expires ISO]\n' +
    '       booking-api keys create --business ID --name NAME --preset widget|display|crm',
  options: {
    business: { type: 'string', description: 'id of the business the key belongs to', placeholder: 'ID' },
    name: { type: 'string', description: 'label to recognise the key by', placeholder: 'NAME' },
    scopes: { type: 'string', description: `comma-separated scopes: ${SCOPES.join(', ')}`, placeholder: 'LIST' },
    preset: { type: 'string', description: `a typical scope set instead of --scopes: ${presetHelp}`, placeholder: 'NAME' },
    origins: {
      type: 'string',
      description: 'comma-separated host names allowed to call from a browser (*.example.com allowed)',
      placeholder: 'LIST',
    },
    expires: { type: 'string', description: 'when the key stops working, ISO 8601 (e.g. 2027-01-31T00:00:00Z)', placeholder: 'ISO' },
  },
  async run(args) {
    const { values } = args;
    const businessId = positiveId(required(values, 'business'), '--business');
    const presetName = values.preset;
    if (presetName !== undefined && values.scopes !== undefined) throw new UsageError('give --scopes or --preset, not both');
    let scopes = list(values.scopes);
    if (typeof presetName === 'string') {
      const preset = SCOPE_PRESETS[presetName];
      if (!preset) throw new UsageError(`--preset must be one of: ${Object.keys(SCOPE_PRESETS).join(', ')}`);
      scopes = [...preset.scopes];
    }
    if (!scopes) throw new UsageError('--scopes (or --preset) is required');
    const input = parseKeyCreate({
      name: required(values, 'name'),
      scopes,
      ...(values.origins !== undefined ? { allowedOrigins: list(values.origins) } : {}),
      ...(typeof values.expires === 'string' ? { expiresAt: values.expires } : {}),
    });
    const key = await withKeys(args.config, (deps) => createKey(deps, businessId, input));
    printNewKey(args, key, 'Created');
  },
};

export const keysListCommand: Command = {
  words: ['keys', 'list'],
  summary: 'list API keys (never their values)',
  usage: 'booking-api keys list [--business ID]',
  options: { business: { type: 'string', description: 'only the keys of this business', placeholder: 'ID' } },
  async run({ values, config, io, json }) {
    const businessId = values.business === undefined ? undefined : positiveId(String(values.business), '--business');
    const keys = await withKeys(config, (deps) => allKeys(deps, businessId));
    if (json) io.out(JSON.stringify(keys));
    else if (keys.length === 0) io.out('No API keys yet. Create one with: booking-api keys create --help');
    else io.out(table(['NAME', 'SCOPES', 'STATUS', 'LAST USED', 'KEY ID', 'BUSINESS'], keys.map(keyRow)));
  },
};

/** The keys the salon made, by name first; the booking page's own key is none of them and is not listed. */
function keyRow(key: KeyJson): string[] {
  return [key.name, key.scopes.join(','), key.status, key.lastUsedAt ?? 'never', String(key.id), String(key.businessId)];
}

export const keysRevokeCommand: Command = {
  words: ['keys', 'revoke'],
  summary: 'revoke an API key; requests with it are refused at once',
  usage: 'booking-api keys revoke ID',
  options: {},
  async run({ values, config, io, json }) {
    const id = positiveId(values._0 as string | undefined, 'the key ID');
    const key = await withKeys(config, (deps) => revokeKeyById(deps, id));
    if (json) io.out(JSON.stringify(key));
    else io.out(`Revoked the API key ${keyLine(key)}.`);
  },
};

export const keysRegenerateCommand: Command = {
  words: ['keys', 'regenerate'],
  summary: 'give an API key a new value; the old value stops working at once',
  usage: 'booking-api keys regenerate ID',
  options: {},
  async run(args) {
    const id = positiveId(args.values._0 as string | undefined, 'the key ID');
    const key = await withKeys(args.config, (deps) => regenerateKey(deps, id));
    printNewKey(args, key, 'Regenerated');
  },
};
