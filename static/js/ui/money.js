// Money in the salon's currency: amounts are whole minor units (cents) in the API, shown and typed
// in the page's language (locale.js): "€89.50" and "89.50" in English, "89,50 €" and "89,50" in
// German, whatever the browser's language.

import { pageLocale } from '../locale.js';

/** Digits after the decimal point in a currency: 2 for EUR, 0 for JPY. */
function fractionDigits(currency) {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return 2;
  }
}

/** 3500 EUR → "€35.00" in the page's language. */
export function money(minor, currency, locale = pageLocale()) {
  const digits = fractionDigits(currency);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** 3500 EUR → "35.00", a plain decimal for files (CSV), the same in every language. */
export const moneyInput = (minor, currency) => (minor / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency));

/** 3500 EUR → "35.00" ("35,00" in German): the value of an amount field, written as the page shows money. */
export function moneyField(minor, currency, locale = pageLocale()) {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits);
}

/** The decimal and grouping marks of a language: { decimal: '.', group: ',' } in English. */
function marksOf(locale) {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const mark = (type, fallback) => parts.find((p) => p.type === type)?.value ?? fallback;
  return { decimal: mark('decimal', '.'), group: mark('group', ',') };
}

const literally = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole units with the language's grouping in its places ("1,250") or none ("1250"); undefined otherwise. */
function wholeUnits(text, group) {
  if (/^\d+$/.test(text)) return text;
  if (new RegExp(`^\\d{1,3}(${literally(group)}\\d{3})+$`).test(text)) return text.split(group).join('');
  return undefined;
}

/**
 * An amount typed as the page writes it ("35", "35.50", "1,250.00" in English; "35,50",
 * "1.250,00" in German) → 3500; undefined when it is not one. The other language's decimal mark
 * counts too where it cannot be a grouping ("35,50" in English): a habit, never a doubt.
 */
export function parseMoney(text, currency, locale = pageLocale()) {
  const digits = fractionDigits(currency);
  const { decimal, group } = marksOf(locale);
  const clean = String(text)
    .replace(/[\s\p{Sc}]/gu, '')
    .replace(new RegExp(literally(currency), 'gi'), '');
  let [whole, fraction] = [clean, ''];
  const at = clean.lastIndexOf(decimal);
  if (at >= 0) [whole, fraction] = [clean.slice(0, at), clean.slice(at + 1)];
  else if (/^\d+[.,]\d{1,2}$/.test(clean)) [whole, fraction] = clean.split(/[.,]/);
  const units = wholeUnits(whole, group);
  if (units === undefined || !/^\d*$/.test(fraction) || fraction.length > digits || (at >= 0 && !fraction)) return undefined;
  return Number(units) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}
