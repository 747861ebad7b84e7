// Holds on the calendar: a time a website (or another connection) keeps for a client who is typing
// their details. Drawn shaded in the staff member's column, with who holds it and until when in
// words, and listed with the day; the desk can let one go, or book the time anyway (the booking
// form asks first).

import { busy, h } from '../../dom.js';
import { timeOf, wallClock, wallClockOf } from '../../salon-time.js';
import { sayError } from '../../ui/notice.js';

/** "Held by Website widget until 10:42" (the salon's time). */
export function heldSentence(hold, timeZone) {
  return `Held by ${hold.keyName} until ${wallClockOf(timeZone, Date.parse(hold.expiresAt)).slice(11)}`;
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
    editable: false,
    extendedProps: { holdId: hold.id },
  }));
}

/** Releases a hold; resolves to the sentence saying so. */
export async function releaseHold(api, hold) {
  await api.call('adminReleaseHold', { id: hold.id });
  return `Released the hold of ${hold.keyName} on ${timeOf(hold.startTime)}–${timeOf(hold.endTime)} with ${hold.staffName}; the time is free again.`;
}

/** The day's holds, for the list beside the grid: each in words, with a button that lets it go. */
export function holdRows(holds, timeZone, onRelease) {
  return holds.map((hold) => {
    const button = h('button', { type: 'button' }, 'Release');
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
  const release = h('button', { type: 'button', class: 'danger' }, 'Release the hold');
  const book = h('button', { type: 'button', class: 'primary' }, 'Book anyway');
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'hold-title' },
    h('h2', { id: 'hold-title' }, heldSentence(hold, timeZone)),
    h(
      'p',
      null,
      `A client may be booking ${hold.serviceNames.join(' + ')} with ${hold.staffName}, ${timeOf(hold.startTime)}–${timeOf(hold.endTime)}, on the website right now. After that the time is free again.`,
    ),
    message,
    h('div', { class: 'actions' }, book, release, h('button', { type: 'button', onclick: () => dialog.close() }, 'Close')),
  );
  book.addEventListener('click', () => {
    dialog.close();
    onBook(hold);
  });
  release.addEventListener('click', () =>
    busy(release, 'Releasing…', async () => {
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
