import { slugsStartingWith } from './businesses.repository.ts';
import type { Db, Tx } from '../db/transaction.ts';

/** A booking page's short name: lower-case letters, digits and inner hyphens, up to 40 characters. */
export const PAGE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

const LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'oe', œ: 'oe', å: 'aa', ł: 'l', đ: 'd' };

/** "Friseur Müller & Söhne" → "friseur-mueller-soehne": what a salon's name looks like in an address. */
export function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[äöüßæøœåłđ]/g, (c) => LETTERS[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 36)
    .replace(/-+$/, '');
  return slug || 'salon';
}

/** The slug of `name`, or with -2, -3… when another business has it already. */
export async function freeSlugFor(db: Db | Tx, name: string): Promise<string> {
  const base = slugOf(name);
  const taken = new Set(await slugsStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
