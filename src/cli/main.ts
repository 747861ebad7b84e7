import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminTokenResetCommand } from './admin-token.ts';
import { usersInviteCommand, usersListCommand, usersResetPasswordCommand } from './users.ts';
import { businessesCreateCommand, businessesListCommand } from './businesses.ts';
import { ConfigError, loadConfig, unknownVariables, type Flags } from '../config.ts';
import { StorageSetupError } from '../db/errors.ts';
import { BackupError } from '../db/errors.ts';
import { loadEmbeddedAddon } from '../db/open.ts';
import { AppError } from '../http/errors.ts';
import { keysCreateCommand, keysListCommand, keysRegenerateCommand, keysRevokeCommand } from './keys.ts';
import { StartupError } from '../server.ts';
import { SecretsKeyError } from '../secrets/secret-box.ts';
import { VERSION } from '../version.ts';
import { UsageError, type Command, type Io, type OptionDef } from './command.ts';
import { migrateCommand } from './migrate.ts';
import { backupCommand, restoreCommand } from './backup.ts';
import { demoCommand } from './demo.ts';
import { serveCommand } from './serve.ts';
import { copyToPostgresCommand } from './copy-to-postgres.ts';
import { CopyError } from '../db/postgres/copy-data-dir.ts';

export const COMMANDS: readonly Command[] = [
  serveCommand,
  migrateCommand,
  businessesCreateCommand,
  businessesListCommand,
  keysCreateCommand,
  keysListCommand,
  keysRevokeCommand,
  keysRegenerateCommand,
  demoCommand,
  adminTokenResetCommand,
  usersListCommand,
  usersInviteCommand,
  usersResetPasswordCommand,
  backupCommand,
  restoreCommand,
  copyToPostgresCommand,
];

const COMMON_OPTIONS: Record<string, OptionDef> = {
  data: { type: 'string', description: 'folder of booking.db (BOOKING_DATA_DIR, default ./data)', placeholder: 'DIR' },
  'database-url': {
    type: 'string',
    description: 'PostgreSQL 15+ instead of the database file (BOOKING_DATABASE_URL, which keeps the password out of ps)',
    placeholder: 'URL',
  },
  json: { type: 'boolean', description: 'print one JSON document on stdout and nothing else there' },
  help: { type: 'boolean', description: 'show this help' },
};

/** Runs the command line `argv` (without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: Io, env: NodeJS.ProcessEnv): Promise<number> {
  if (argv[0] === '--version' || argv[0] === 'version') {
    io.out(VERSION);
    return 0;
  }
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(generalHelp());
    return 0;
  }
  const command = findCommand(argv);
  if (!command) return usageFailure(io, unknownCommandMessage(argv), 'booking-api --help');
  const rest = argv.slice(argv[0]?.startsWith('-') || argv.length === 0 ? 0 : command.words.length);
  const helpHint = `booking-api ${command.words.join(' ')} --help`;

  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: toParseArgsOptions({ ...command.options, ...COMMON_OPTIONS }),
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    });
  } catch (error) {
    return usageFailure(io, (error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''), helpHint);
  }
  const values: Record<string, string | boolean | undefined> = { ...parsed.values };
  if (values.help) {
    io.out(commandHelp(command));
    return 0;
  }
  parsed.positionals.forEach((value, i) => {
    values[`_${i}`] = value;
  });

  for (const name of unknownVariables(env)) io.err(`booking-api: warning: unknown variable ${name} is ignored`);
  try {
    const flags: Flags = command.takesConfigFlags ? values : { data: values.data, 'database-url': values['database-url'] };
    const config = loadConfig(env, flags);
    loadEmbeddedAddon(config.cacheDir ?? path.join(config.dataDir, '.cache'));
    const code = await command.run({ values, config, io, json: values.json === true, env });
    return code ?? 0;
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(io, error.message, helpHint);
    io.err(`booking-api: ${failureMessage(error)}`);
    return 1;
  }
}

function failureMessage(error: unknown): string {
  if (
    error instanceof ConfigError ||
    error instanceof StorageSetupError ||
    error instanceof BackupError ||
    error instanceof CopyError ||
    error instanceof StartupError ||
    error instanceof SecretsKeyError ||
    error instanceof AppError
  ) {
    return error.message;
  }
  return `unexpected error: ${(error as Error)?.message ?? String(error)}`;
}

function findCommand(argv: readonly string[]): Command | undefined {
  if (argv.length === 0 || argv[0]!.startsWith('-')) return serveCommand;
  return COMMANDS.find((c) => c.words.every((word, i) => argv[i] === word));
}

function unknownCommandMessage(argv: readonly string[]): string {
  const group = COMMANDS.filter((c) => c.words.length > 1 && c.words[0] === argv[0]);
  if (group.length > 0) {
    const subcommands = group.map((c) => c.words[1]).join(', ');
    return argv[1] === undefined || argv[1].startsWith('-')
      ? `"${argv[0]}" needs one of: ${subcommands}`
      : `unknown command "${argv[0]} ${argv[1]}"; "${argv[0]}" takes one of: ${subcommands}`;
  }
  return `unknown command "${argv[0]}"`;
}

function usageFailure(io: Io, message: string, helpCommand: string): number {
  io.err(`booking-api: ${message}\nRun "${helpCommand}" for usage.`);
  return 2;
}

function toParseArgsOptions(options: Record<string, OptionDef>) {
  return Object.fromEntries(Object.entries(options).map(([name, def]) => [name, { type: def.type }]));
}

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.words.join(' ').length));
  return [
    `booking-api ${VERSION}: integration API and webhook delivery for a salon`,
    '',
    'Usage: booking-api <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.words.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --data DIR (or --database-url URL) and --json. Run "booking-api <command> --help" for its options.',
  ].join('\n');
}

function commandHelp(command: Command): string {
  const options = { ...command.options, ...COMMON_OPTIONS };
  const labels = Object.entries(options).map(([name, def]) => {
    const label = def.type === 'boolean' ? `--${name}` : `--${name} ${def.placeholder ?? 'VALUE'}`;
    return [label, def.description] as const;
  });
  const width = Math.max(...labels.map(([label]) => label.length));
  return [
    `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
    '',
    `Usage: ${command.usage}`,
    '',
    'Options:',
    ...labels.map(([label, description]) => `  ${label.padEnd(width)}  ${description}`),
  ].join('\n');
}
