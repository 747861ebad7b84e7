/**
 * What a visit leaves to pay, by one rule, the one the booking's payments panel shows as "Left to
 * pay" (static/js/views/booking/state.js `owed`; test/reports.test.ts holds the two to the same
 * answers): the price less what was taken for it, never below nothing. A refund gives money back (a
 * fringe redone) and does not make the client owe it again; a visit cancelled, or missed, owes no
 * price (a fee the salon's policy asks is taken as a payment). `taken`: the payments, refunds not
 * subtracted, in minor units.
 */
export function leftToPay(status: string, price: number, taken: number): number {
  if (OWES_NO_PRICE.has(status)) return 0;
  return Math.max(0, price - taken);
}

/** The statuses whose visit owes no price. */
const OWES_NO_PRICE: ReadonlySet<string> = new Set(['cancelled', 'no_show']);
