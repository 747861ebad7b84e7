// What the client's page says, in the salon's language (English and German), picked by the salon's
// locale (en-GB, de-DE…). Dates and times are written by that locale too, in the salon's time zone.

const EN = {
  title: 'Your appointment',
  at: (salon) => `at ${salon}`,
  status: {
    pending: 'Waiting for the salon to confirm it',
    confirmed: 'Booked',
    cancelled: 'Cancelled',
    completed: 'Over',
    no_show: 'Over',
  },
  labels: { when: 'When', what: 'What', with: 'With', where: 'Where', phone: 'Phone', status: 'Status' },
  calendar: 'Add to my calendar',
  changeUntil: (when) => `You can move or cancel it here until ${when}.`,
  callInstead: (phone) =>
    phone ? `To move or cancel it now, please call the salon: ${phone}.` : 'To move or cancel it now, please contact the salon.',
  move: {
    open: 'Move to another time',
    heading: 'Choose a new time',
    day: 'Day',
    time: 'Time',
    none: 'No free times in these days.',
    later: 'Later days',
    confirm: (when) => `Move to ${when}`,
    done: (when) => `Done: your appointment is now on ${when}. You will get an e-mail about it.`,
  },
  cancel: {
    open: 'Cancel the appointment',
    heading: 'Cancel the appointment',
    reason: 'Reason (optional)',
    confirm: 'Yes, cancel it',
    keep: 'Keep it',
    done: 'Your appointment is cancelled. You will get an e-mail about it.',
  },
  reminders: {
    on: 'You get a reminder by e-mail before the appointment.',
    off: 'You get no reminders by e-mail.',
    stop: 'No more reminders',
    stopped: 'Done: you get no more reminders from this salon.',
    ask: 'Do you want to stop the reminders before your appointments?',
  },
  cancelledReason: (reason) => `Reason: ${reason}`,
  errors: {
    too_late_to_change: (phone) =>
      phone
        ? `It is too late to change this online. Please call the salon: ${phone}.`
        : 'It is too late to change this online. Please contact the salon.',
    slot_unavailable: 'This time was just taken. Please choose another one.',
    too_short_notice: 'This time is too soon. Please choose a later one.',
    beyond_horizon: 'This time is too far ahead. Please choose an earlier one.',
    invalid_transition: 'This appointment can no longer be changed.',
    link_expired: 'This appointment is over, so this link no longer works.',
    not_found: 'This link does not name an appointment. Check that it was copied whole.',
    network: 'The salon’s booking server cannot be reached. Check your connection and try again.',
    other: 'Something went wrong. Please try again, or call the salon.',
  },
};

const DE = {
  title: 'Ihr Termin',
  at: (salon) => `bei ${salon}`,
  status: {
    pending: 'Wartet auf die Bestätigung des Salons',
    confirmed: 'Gebucht',
    cancelled: 'Abgesagt',
    completed: 'Vorbei',
    no_show: 'Vorbei',
  },
  labels: { when: 'Wann', what: 'Was', with: 'Bei', where: 'Wo', phone: 'Telefon', status: 'Stand' },
  calendar: 'In meinen Kalender',
  changeUntil: (when) => `Sie können ihn hier bis ${when} verschieben oder absagen.`,
  callInstead: (phone) =>
    phone
      ? `Um ihn jetzt zu verschieben oder abzusagen, rufen Sie bitte den Salon an: ${phone}.`
      : 'Um ihn jetzt zu verschieben oder abzusagen, wenden Sie sich bitte an den Salon.',
  move: {
    open: 'Auf eine andere Zeit verschieben',
    heading: 'Neue Zeit wählen',
    day: 'Tag',
    time: 'Uhrzeit',
    none: 'An diesen Tagen ist nichts frei.',
    later: 'Spätere Tage',
    confirm: (when) => `Verschieben auf ${when}`,
    done: (when) => `Erledigt: Ihr Termin ist jetzt am ${when}. Sie bekommen eine E-Mail dazu.`,
  },
  cancel: {
    open: 'Termin absagen',
    heading: 'Termin absagen',
    reason: 'Grund (freiwillig)',
    confirm: 'Ja, absagen',
    keep: 'Behalten',
    done: 'Ihr Termin ist abgesagt. Sie bekommen eine E-Mail dazu.',
  },
  reminders: {
    on: 'Sie bekommen vor dem Termin eine Erinnerung per E-Mail.',
    off: 'Sie bekommen keine Erinnerungen per E-Mail.',
    stop: 'Keine Erinnerungen mehr',
    stopped: 'Erledigt: Sie bekommen von diesem Salon keine Erinnerungen mehr.',
    ask: 'Möchten Sie die Erinnerungen vor Ihren Terminen abbestellen?',
  },
  cancelledReason: (reason) => `Grund: ${reason}`,
  errors: {
    too_late_to_change: (phone) =>
      phone
        ? `Online ist das jetzt nicht mehr möglich. Bitte rufen Sie den Salon an: ${phone}.`
        : 'Online ist das jetzt nicht mehr möglich. Bitte wenden Sie sich an den Salon.',
    slot_unavailable: 'Diese Zeit wurde gerade vergeben. Bitte wählen Sie eine andere.',
    too_short_notice: 'Diese Zeit ist zu bald. Bitte wählen Sie eine spätere.',
    beyond_horizon: 'Diese Zeit liegt zu weit voraus. Bitte wählen Sie eine frühere.',
    invalid_transition: 'Dieser Termin kann nicht mehr geändert werden.',
    link_expired: 'Dieser Termin ist vorbei, der Link gilt nicht mehr.',
    not_found: 'Dieser Link gehört zu keinem Termin. Prüfen Sie, ob er vollständig kopiert wurde.',
    network: 'Der Buchungsserver des Salons ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
    other: 'Etwas ist schiefgegangen. Bitte versuchen Sie es noch einmal oder rufen Sie den Salon an.',
  },
};

/** The words for a locale: German for de-*, English otherwise. */
export function wordsFor(locale) {
  return /^de\b/i.test(locale ?? '') ? DE : EN;
}

/** Dates and times as the salon writes them, in its zone. */
export function formats(locale, timeZone) {
  // A local date (YYYY-MM-DD) is written as that date at noon in UTC, whatever the zone.
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const dayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  return {
    when: (iso) => full.format(new Date(iso)),
    span: (start, end) => `${date.format(new Date(start))}, ${time.format(new Date(start))}–${time.format(new Date(end))}`,
    time: (iso) => time.format(new Date(iso)),
    day: (localDate) => day.format(new Date(`${localDate}T12:00:00Z`)),
    dayShort: (localDate) => dayShort.format(new Date(`${localDate}T12:00:00Z`)),
  };
}
