import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
