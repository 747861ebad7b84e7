import type { Config } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import type { Database } from '../db/database.ts';
import { type Actor, bindWriter } from '../db/writer.ts';
import { systemClock } from '../clock.ts';

/** Who a command's changes are made for: whoever typed it on the salon's computer. */
const COMMAND_LINE: Actor = { kind: 'system', id: null, label: 'Command line' };

export interface OptionDef {
  type: 'string' | 'boolean';
  description: string;
  /** Shown in the usage line, e.g. ID or NAME. */
  placeholder?: string;
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export interface RunArgs {
  values: Record<string, string | boolean | undefined>;
  config: Config;
  io: Io;
  json: boolean;
  env: NodeJS.ProcessEnv;
}

/** One CLI command, as data: the dispatcher parses options and prints help from it. */
export interface Command {
  /** The words that select it, e.g. ["keys", "create"]. */
  words: readonly string[];
  summary: string;
  usage: string;
  options: Readonly<Record<string, OptionDef>>;
  /** Reads config flags (--host, --port …) besides --data. */
  takesConfigFlags?: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: a command that returns nothing exits 0
  run(args: RunArgs): Promise<number | void>;
}

/** A mistake in how the command was called: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

export function required(values: RunArgs['values'], name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function positiveId(value: string | undefined, what: string): number {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) {
    throw new UsageError(`${what} must be a positive whole number${value === undefined ? '' : `, got "${value}"`}`);
  }
  return Number(value);
}

export function list(value: string | boolean | undefined): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(config);
  // What a command changes is the command line's in the audit trail, at the time it ran.
  bindWriter(database.db, { actor: COMMAND_LINE, requestId: null, address: null, at: systemClock.now() });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** A plain text table for humans; --json is the format for scripts. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}
