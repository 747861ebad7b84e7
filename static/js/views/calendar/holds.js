// Holds on the calendar: a time a website (or another connection) keeps for a client who is typing
// their details. Drawn shaded in the staff member's column, with who holds it and until when in
// words, and listed with the day; the desk can let one go, or book the time anyway (the booking
// form asks first).

import { busy, h } from '../../dom.js';
import { t } from '../../locale.js';
import { timeOf, wallClock, wallClockOf } from '../../salon-time.js';
import { sayError } from '../../ui/notice.js';
import { fixedUnless } from './grid-events.js';

/**
 * "Held by Website widget until 10:42" (the salon's time). The booking page's key is stored as
 * "Booking page", a name for developers: the page names it in the salon's own words and language.
 */
export function heldSentence(hold, timeZone) {
  const time = wallClockOf(timeZone, Date.parse(hold.expiresAt)).slice(11);
  if (hold.keyKind === 'page') return t('Held by the booking page until {time}', { time });
  return t('Held by {who} until {time}', { who: hold.keyName, time });
}

/** The holds still running now: the list was read when the view was drawn. */
export const liveHolds = (holds, now = Date.now()) => holds.filter((hold) => Date.parse(hold.expiresAt) > now);

/** The grid's events for the holds: not movable, shaded by style.css, with their words as the title. */
export function holdEvents(holds, timeZone) {
  return holds.map((hold) => ({
    id: `hold-${hold.id}`,
    resourceIds: [String(hold.staffId)],
    start: wallClock(hold.startTime),
    end: wallClock(hold.endTime),
    title: heldSentence(hold, timeZone),
    classNames: ['hold'],
    ...fixedUnless(false),
    extendedProps: { holdId: hold.id },
  }));
}

/** Releases a hold; resolves to the sentence saying so. */
export async function releaseHold(api, hold) {
  await api.call('adminReleaseHold', { id: hold.id });
  const values = { who: hold.keyName, from: timeOf(hold.startTime), to: timeOf(hold.endTime), staff: hold.staffName };
  if (hold.keyKind === 'page') return t('Released the booking page’s hold on {from}–{to} with {staff}; the time is free again.', values);
  return t('Released the hold of {who} on {from}–{to} with {staff}; the time is free again.', values);
}

/** The day's holds, for the list beside the grid: each in words, with a button that lets it go. */
export function holdRows(holds, timeZone, onRelease) {
  return holds.map((hold) => {
    const button = h('button', { type: 'button' }, t('Release'));
    button.addEventListener('click', () => onRelease(hold, button));
    return h(
      'li',
      { class: 'booking-row hold-row' },
      h(
        'span',
        null,
        h('span', { class: 'when' }, `${timeOf(hold.startTime)}–${timeOf(hold.endTime)}`),
        ` ${heldSentence(hold, timeZone)}`,
      ),
      h('span', { class: 'what' }, `${hold.serviceNames.join(' + ')} · ${hold.staffName}`),
      button,
    );
  });
}

/**
 * What a click on a hold in the grid offers: what it is, "Book anyway" (the booking form, set to
 * its time and staff member) and "Release the hold".
 */
export function holdDialog(hold, timeZone, { onBook, onRelease }) {
  const message = h('div', { class: 'message-area', role: 'alert' });
  const release = h('button', { type: 'button', class: 'danger' }, t('Release the hold'));
  const book = h('button', { type: 'button', class: 'primary' }, t('Book anyway'));
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'hold-title' },
    h('h2', { id: 'hold-title' }, heldSentence(hold, timeZone)),
    h(
      'p',
      null,
      t('A client may be booking {services} with {staff}, {from}–{to}, on the website right now. After that the time is free again.', {
        services: hold.serviceNames.join(' + '),
        staff: hold.staffName,
        from: timeOf(hold.startTime),
        to: timeOf(hold.endTime),
      }),
    ),
    message,
    h('div', { class: 'actions' }, book, release, h('button', { type: 'button', onclick: () => dialog.close() }, t('Close'))),
  );
  book.addEventListener('click', () => {
    dialog.close();
    onBook(hold);
  });
  release.addEventListener('click', () =>
    busy(release, t('Releasing…'), async () => {
      try {
        await onRelease(hold);
        dialog.close();
      } catch (error) {
        sayError(message, error);
      }
    }),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
