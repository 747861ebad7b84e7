// Render: the booking's price, paid, refunded and left to pay; its payments, each with its refunds
// and their reasons and a refund of what is left; and the form that takes a payment (set to what
// is still owed).

import { facts, h, isolate, phrase } from '../../dom.js';
import { dateTime } from '../../format.js';
import { t } from '../../locale.js';
import { deskField as field } from '../../ui/fields.js';
import { money, moneyField, parseMoney } from '../../ui/money.js';
import { refundLimitSentence } from '../../refusals.js';
import { NOT_DUE } from './state.js';
import { methodLabel, PAYMENT_METHODS } from './words.js';

function refundForm(payment, actions) {
  const amount = h('input', {
    id: `refund-amount-${payment.id}`,
    type: 'text',
    inputmode: 'decimal',
    value: moneyField(payment.left, payment.currency),
  });
  const reason = h('input', { id: `refund-reason-${payment.id}`, type: 'text', maxlength: '500' });
  const submit = h('button', { type: 'submit' }, t('Refund'));
  const form = h(
    'form',
    { class: 'refund-form' },
    h(
      'details',
      null,
      h('summary', null, t('Refund…')),
      h('div', { class: 'field-row' }, field(t('Refund amount'), amount), field(t('Refund reason'), reason)),
      h('div', { class: 'actions' }, submit),
    ),
  );
  onAmount(form, actions, {
    amount,
    currency: payment.currency,
    problem: t('Type the amount to refund, for example 10 or {example}.', { example: moneyField(1250, payment.currency) }),
    text: ['reason', reason],
    // More than is left of the payment is said at once, as the server would refuse it: nothing asked first.
    most: [payment.left, refundLimitSentence(payment.left, payment.currency)],
    send: (body) => actions.refund(submit, payment, body),
  });
  return form;
}

/**
 * Sends `form`'s amount (typed as the page writes money) with its optional text field and
 * `extra` fields: `send({amount, …extra, [name]: text})`; an amount that is none is `problem`,
 * one over `most`'s limit its sentence.
 */
function onAmount(form, actions, { amount, currency, problem, most: [limit, over] = [], text: [name, field], extra = () => ({}), send }) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const minor = parseMoney(amount.value, currency);
    if (!(minor > 0)) return actions.failed({ sentence: problem });
    if (limit !== undefined && minor > limit) return actions.failed({ sentence: over });
    const body = { amount: minor, ...extra() };
    if (field.value.trim()) body[name] = field.value.trim();
    send(body);
  });
}

/** "Refunded €10.00 · 21/11/2026, 11:00 · Fringe redone": a refund and its reason. */
const refundItem = (r) =>
  h(
    'li',
    { class: 'refund' },
    t('Refunded {amount} · {when}', { amount: money(r.amount, r.currency), when: dateTime(r.createdAt) }),
    r.note ? [' · ', isolate(r.note)] : null,
  );

function paymentItem(p, actions) {
  return h(
    'li',
    { class: 'payment' },
    h('span', null, `${money(p.amount, p.currency)} · ${methodLabel(p.method)} · ${dateTime(p.createdAt)}`),
    p.note ? h('span', { class: 'hint' }, ' ', isolate(p.note)) : null,
    p.refunds.length ? h('ul', { class: 'refunds' }, p.refunds.map(refundItem)) : null,
    p.left > 0 ? refundForm(p, actions) : null,
  );
}

/** "€10.00 (Fringe redone)": what was refunded, with the reasons given for it. */
function refundedWords(refunded, payments, of) {
  const reasons = payments.flatMap((p) => p.refunds.map((r) => r.note)).filter(Boolean);
  if (!reasons.length) return of(refunded);
  return phrase(t('{amount} ({reasons})', { amount: of(refunded) }), { reasons: isolate(reasons.join('; ')) });
}

/**
 * The balance in words that cannot be read two ways: "€8.00 left to pay", "Settled: nothing left to
 * pay", or why nothing is due. "Left to pay: Nothing" after a refund read as the salon owing the client.
 */
function balanceWords({ booking, owed }, of) {
  if (owed > 0) return t('{amount} left to pay', { amount: of(owed) });
  if (NOT_DUE[booking.status]) return t(NOT_DUE[booking.status]);
  return t('Settled: nothing left to pay');
}

/** Price, paid, refunded (and why) and the balance, as the desk reads them. */
function balance(state) {
  const { booking, taken, refunded, paid, payments } = state;
  const of = (amount) => money(amount, booking.currency);
  return facts([
    [t('Price'), of(booking.price)],
    [t('Paid'), of(taken)],
    [t('Refunded'), refunded ? refundedWords(refunded, payments, of) : null],
    // What the salon kept, once something was given back.
    [t('Net paid'), refunded ? of(paid) : null],
    [t('Balance'), balanceWords(state, of)],
  ]);
}

function paymentForm({ booking, owed }, actions) {
  // What is still owed; nothing when it is paid.
  const amount = h('input', {
    id: 'payment-amount',
    type: 'text',
    inputmode: 'decimal',
    value: owed > 0 ? moneyField(owed, booking.currency) : '',
  });
  const method = h(
    'select',
    { id: 'payment-method' },
    PAYMENT_METHODS.map(([value, label]) => h('option', { value }, t(label))),
  );
  const note = h('input', { id: 'payment-note', type: 'text', maxlength: '500' });
  const submit = h('button', { type: 'submit', class: 'primary' }, t('Take payment'));
  const form = h(
    'form',
    { class: 'payment-form' },
    h(
      'div',
      { class: 'field-row' },
      field(t('Amount ({currency})', { currency: booking.currency }), amount),
      field(t('Paid by'), method),
      field(t('Payment note'), note),
    ),
    h('div', { class: 'actions' }, submit),
  );
  onAmount(form, actions, {
    amount,
    currency: booking.currency,
    problem: t('Type the amount paid, for example 35 or {example}.', { example: moneyField(3550, booking.currency) }),
    text: ['note', note],
    extra: () => ({ method: method.value }),
    send: (body) => actions.pay(submit, body),
  });
  // Nothing left to pay: the form waits behind a small link (a tip, a no-show fee) instead of asking.
  if (owed > 0) return form;
  return h('details', { class: 'another-payment' }, h('summary', null, t('Take another payment')), form);
}

export function paymentsSection(state, actions) {
  const { payments } = state;
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'payments-title' },
    h('h3', { id: 'payments-title' }, t('Payments')),
    balance(state),
    payments.length
      ? h(
          'ul',
          { class: 'payments' },
          payments.map((p) => paymentItem(p, actions)),
        )
      : h('p', { class: 'empty' }, t('No payment yet.')),
    paymentForm(state, actions),
  );
}
