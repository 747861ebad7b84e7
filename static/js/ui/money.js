// Money in the salon's currency: amounts are whole minor units (cents) in the API, and typed as
// "35", "35.5" or "35,50" by people.

/** Digits after the decimal point in a currency: 2 for EUR, 0 for JPY. */
function fractionDigits(currency) {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return 2;
  }
}

/** 3500 EUR → "€35.00" in the browser's language. */
export function money(minor, currency) {
  const digits = fractionDigits(currency);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 10 ** digits);
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** 3500 EUR → "35.00", the value of a price field. */
export const moneyInput = (minor, currency) => (minor / 10 ** fractionDigits(currency)).toFixed(fractionDigits(currency));

/** "35", "35.5", "35,50" → 3500; undefined when it is not an amount. */
export function parseMoney(text, currency) {
  const clean = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(clean)) return undefined;
  const digits = fractionDigits(currency);
  const [whole, fraction = ''] = clean.split('.');
  if (fraction.length > digits) return undefined;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || 0);
}
