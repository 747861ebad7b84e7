import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * The forms a client is searched and matched by (issue 27, defect 9; docs/decisions.md "Client
 * search"): names folded so "muller" finds "Müller", phones in E.164 so "0170 1234567" and
 * "+49 170 1234567" are one number. Kept with each client (clients.search_name, search_phone) and
 * made the same way from what the desk types.
 */

/** Whether libphonenumber knows this ISO 3166-1 alpha-2 code (a business's phoneCountry). */
export function isPhoneCountry(code: string): boolean {
  return isSupportedCountry(code);
}

/** Letters NFD does not take apart, spelled as a German or Nordic desk would type them without the key. */
const LETTERS: Record<string, string> = { ß: 'ss', ẞ: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, accents removed (Unicode NFD), ß → ss, spaces collapsed: how a name or a word of a query is compared. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßẞæœøłđðþı]/g, (c) => LETTERS[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name's search key: its folded words, and where German umlauts spell differently without
 * them (Müller: muller, mueller) both, so a desk typing either finds the client.
 */
export function nameKey(name: string): string {
  const plain = foldText(name);
  const spelled = foldText(name.toLowerCase().replace(/[äöü]/g, (c) => `${c.normalize('NFD')[0]}e`));
  return spelled === plain ? plain : `${plain} ${spelled}`;
}

/**
 * A phone's key: E.164 read with the salon's country (national numbers need one), else the
 * number's digits as typed, so a number libphonenumber cannot read still matches itself.
 */
export function phoneKey(phone: string | null | undefined, country: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (!digits) return null;
  return e164(phone!, country) ?? digits;
}

/** A number in E.164 ("+491701234567"), read with the salon's country; undefined when libphonenumber cannot read it as a possible number. */
function e164(phone: string, country: string | null): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, country && isPhoneCountry(country) ? (country as CountryCode) : undefined);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * The international form of a client's number from its key (phoneKey, kept with the client and
 * read again when the salon's country changes), grouped as the country writes it ("+49 170
 * 1234567": a spreadsheet keeps it as text, where "+491701234567" becomes 4.917E+11); null for a
 * number that could not be read (its key is only digits) or none.
 */
export function internationalOf(key: string | null): string | null {
  return key?.startsWith('+') ? (parsePhoneNumberFromString(key)?.formatInternational() ?? key) : null;
}

/** What a query that looks like a phone number is matched by: its key, and its digits for a part of a number. */
export interface PhoneQuery {
  readonly key: string;
  /** The digits without leading zeros (a trunk 0 or an international 00), found anywhere in a key. */
  readonly part: string;
}

/** A query made of a phone number's characters (and a digit at least), else undefined. */
export function phoneQuery(query: string, country: string | null): PhoneQuery | undefined {
  if (!/^[+0-9 ()./-]+$/.test(query) || !/\d/.test(query)) return undefined;
  const key = phoneKey(query, country)!;
  return { key, part: query.replace(/\D/g, '').replace(/^0+/, '') };
}
