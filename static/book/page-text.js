// The booking page's words in English and German, and dates, times and prices written the way
// the salon's locale writes them, in the salon's time zone.

const WORDS = {
  en: {
    title: (salon) => `Book at ${salon}`,
    loading: 'Loading…',
    missing: 'There is no booking page at this address. Check the link, or ask the salon for it.',
    failed: 'The booking page cannot reach the salon’s server just now. Check your connection and try again.',
    tryAgain: 'Try again',
    steps: ['Service', 'Who', 'Time', 'Your details'],
    stepOf: (n, total) => `Step ${n} of ${total}`,
    servicesHeading: 'What would you like to book?',
    servicesHint: 'Choose one or several; several are done one after the other.',
    nothingToBook: 'This salon has nothing to book online at the moment. Please call the salon.',
    chooseService: 'Choose at least one service.',
    nobodyDoesAll: 'Nobody here does all of these in one visit. Choose fewer services.',
    continue: 'Continue',
    back: 'Back',
    staffHeading: 'Who would you like?',
    anyone: 'Anyone',
    anyoneHint: 'whoever is free',
    timeHeading: 'Choose a time',
    previousWeek: 'Previous week',
    nextWeek: 'Next week',
    searching: 'Looking for free times…',
    noTimesWeek: 'No free times this week. Try a later week.',
    noTimesDay: 'No free times',
    beyondHorizon: (days) => `Bookings can be made up to ${days} days ahead.`,
    zoneNote: (zone) => `Times are the salon’s local time (${zone.replaceAll('_', ' ')}).`,
    timeLabel: (time, day) => `${time}, ${day}`,
    detailsHeading: 'Your details',
    held: (time) => `We are keeping this time for you for ${time}.`,
    heldAlmostOver: 'One minute left to book this time.',
    holdOver: 'The time was kept for you for a few minutes and is free again. Please choose a time.',
    service: 'Service',
    with: 'With',
    when: 'When',
    price: 'Price',
    name: 'Your name',
    email: 'E-mail',
    phone: 'Phone',
    optional: '(optional)',
    notes: 'A note for the salon',
    nameMissing: 'Please give your name.',
    emailWrong: 'Please give an e-mail address such as name@example.com.',
    phoneWrong: 'Please give a phone number with digits (spaces, + - ( ) . / are fine), or leave it empty.',
    policyHeading: 'Cancellation policy',
    confirmsNew: 'If this is your first visit, the salon confirms your booking before it is final.',
    book: 'Book',
    booking: 'Booking…',
    otherTime: 'Choose another time',
    bookedHeading: 'You are booked',
    pendingHeading: 'Your booking is waiting for the salon',
    pendingEmailed: 'The salon confirms bookings of new clients. You will get an e-mail when it has.',
    pendingByPhone: (phone) => `The salon confirms bookings of new clients. It sends no e-mail: it will call you on ${phone}.`,
    pendingAskSalon:
      'The salon confirms bookings of new clients, and sends no e-mail. Please get in touch with the salon to hear that your booking is confirmed.',
    bookedText: (salon) => `${salon} looks forward to seeing you.`,
    bookAnother: 'Book another appointment',
    contact: 'Contact the salon',
    errors: {
      slot_unavailable: 'This time was just taken. Please choose another.',
      too_short_notice: 'This time is too soon to book online. Please choose a later one.',
      beyond_horizon: 'This time is too far ahead to book online. Please choose an earlier one.',
      hold_limit_reached: 'You are already holding times in another window. Book or leave them there, or wait a few minutes.',
      hold_expired: 'The time was kept for you for a few minutes and is free again. Please choose a time.',
      too_many_bookings: 'Many bookings were made from this connection today. Please call the salon to book more.',
      open_bookings_limit:
        'This e-mail address already has the most upcoming bookings that can be made online. Please call the salon to book more.',
      rate_limited: 'Too many requests in a short time. Please wait a minute and try again.',
      not_found: 'Something you chose is no longer offered. Please start again.',
      other: 'Something went wrong. Please try again.',
    },
  },
  de: {
    title: (salon) => `Termin bei ${salon}`,
    loading: 'Wird geladen …',
    missing: 'Unter dieser Adresse gibt es keine Buchungsseite. Prüfen Sie den Link oder fragen Sie den Salon danach.',
    failed: 'Die Buchungsseite erreicht den Server des Salons gerade nicht. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
    tryAgain: 'Noch einmal versuchen',
    steps: ['Leistung', 'Bei wem', 'Termin', 'Ihre Angaben'],
    stepOf: (n, total) => `Schritt ${n} von ${total}`,
    servicesHeading: 'Was möchten Sie buchen?',
    servicesHint: 'Eine oder mehrere; mehrere werden nacheinander gemacht.',
    nothingToBook: 'Bei diesem Salon kann man gerade nichts online buchen. Bitte rufen Sie an.',
    chooseService: 'Bitte wählen Sie mindestens eine Leistung.',
    nobodyDoesAll: 'Niemand hier macht all das in einem Termin. Bitte wählen Sie weniger Leistungen.',
    continue: 'Weiter',
    back: 'Zurück',
    staffHeading: 'Bei wem möchten Sie den Termin?',
    anyone: 'Egal',
    anyoneHint: 'wer gerade frei ist',
    timeHeading: 'Termin wählen',
    previousWeek: 'Vorige Woche',
    nextWeek: 'Nächste Woche',
    searching: 'Freie Termine werden gesucht …',
    noTimesWeek: 'In dieser Woche ist nichts frei. Versuchen Sie eine spätere Woche.',
    noTimesDay: 'Nichts frei',
    beyondHorizon: (days) => `Termine können bis zu ${days} Tage im Voraus gebucht werden.`,
    zoneNote: (zone) => `Die Zeiten sind Ortszeit des Salons (${zone.replaceAll('_', ' ')}).`,
    timeLabel: (time, day) => `${time} Uhr, ${day}`,
    detailsHeading: 'Ihre Angaben',
    held: (time) => `Wir halten diesen Termin noch ${time} für Sie frei.`,
    heldAlmostOver: 'Noch eine Minute, um diesen Termin zu buchen.',
    holdOver: 'Der Termin wurde einige Minuten für Sie freigehalten und ist nun wieder frei. Bitte wählen Sie einen Termin.',
    service: 'Leistung',
    with: 'Bei',
    when: 'Wann',
    price: 'Preis',
    name: 'Ihr Name',
    email: 'E-Mail',
    phone: 'Telefon',
    optional: '(freiwillig)',
    notes: 'Eine Nachricht an den Salon',
    nameMissing: 'Bitte geben Sie Ihren Namen an.',
    emailWrong: 'Bitte geben Sie eine E-Mail-Adresse wie name@beispiel.de an.',
    phoneWrong: 'Bitte geben Sie eine Telefonnummer aus Ziffern an (Leerzeichen, + - ( ) . / gehen auch) oder lassen Sie das Feld leer.',
    policyHeading: 'Stornobedingungen',
    confirmsNew: 'Wenn Sie zum ersten Mal kommen, bestätigt der Salon Ihre Buchung, bevor sie gilt.',
    book: 'Buchen',
    booking: 'Wird gebucht …',
    otherTime: 'Anderen Termin wählen',
    bookedHeading: 'Ihr Termin ist gebucht',
    pendingHeading: 'Ihre Buchung wartet auf den Salon',
    pendingEmailed: 'Der Salon bestätigt Buchungen neuer Kundinnen und Kunden. Sie bekommen eine E-Mail, sobald er bestätigt hat.',
    pendingByPhone: (phone) =>
      `Der Salon bestätigt Buchungen neuer Kundinnen und Kunden. Er verschickt keine E-Mails, sondern ruft Sie unter ${phone} an.`,
    pendingAskSalon:
      'Der Salon bestätigt Buchungen neuer Kundinnen und Kunden und verschickt keine E-Mails. Bitte melden Sie sich beim Salon, um zu erfahren, ob Ihr Termin bestätigt ist.',
    bookedText: (salon) => `${salon} freut sich auf Sie.`,
    bookAnother: 'Noch einen Termin buchen',
    contact: 'Kontakt zum Salon',
    errors: {
      slot_unavailable: 'Dieser Termin wurde gerade vergeben. Bitte wählen Sie einen anderen.',
      too_short_notice: 'Dieser Termin ist zu kurzfristig für eine Online-Buchung. Bitte wählen Sie einen späteren.',
      beyond_horizon: 'Dieser Termin liegt zu weit in der Zukunft. Bitte wählen Sie einen früheren.',
      hold_limit_reached:
        'Sie halten schon Termine in einem anderen Fenster. Buchen oder verlassen Sie sie dort, oder warten Sie einige Minuten.',
      hold_expired: 'Der Termin wurde einige Minuten für Sie freigehalten und ist nun wieder frei. Bitte wählen Sie einen Termin.',
      too_many_bookings: 'Über diese Verbindung wurde heute schon oft gebucht. Bitte rufen Sie den Salon an, um mehr zu buchen.',
      open_bookings_limit:
        'Für diese E-Mail-Adresse sind schon so viele Termine gebucht, wie online möglich. Bitte rufen Sie den Salon an.',
      rate_limited: 'Zu viele Anfragen in kurzer Zeit. Bitte warten Sie eine Minute und versuchen Sie es noch einmal.',
      not_found: 'Etwas davon wird nicht mehr angeboten. Bitte beginnen Sie noch einmal.',
      other: 'Etwas ist schiefgegangen. Bitte versuchen Sie es noch einmal.',
    },
  },
};

const languageOf = (tag) => String(tag).slice(0, 2).toLowerCase();

/**
 * The locale the page speaks: the salon's, when it chose one; else the first of the visitor's
 * browser languages the page has words for (a German browser gets German, written as its locale
 * writes dates); else the salon's (English). An English visitor keeps the salon's way of writing.
 */
export function localeFor(page, browserLanguages) {
  if (page.localeChosen) return page.locale;
  const spoken = browserLanguages.find((tag) => WORDS[languageOf(tag)]);
  return !spoken || languageOf(spoken) === languageOf(page.locale) ? page.locale : spoken;
}

/** The words of the salon's language (English for any other). */
export function wordsFor(locale) {
  return WORDS[String(locale).slice(0, 2)] ?? WORDS.en;
}

/** Dates, times and prices as the salon's locale writes them, in the salon's time zone. */
export function formatsFor(locale, timeZone) {
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' });
  // A local date (YYYY-MM-DD) is written from its noon in UTC, so no zone moves it to another day.
  const noon = (date) => new Date(`${date}T12:00:00Z`);
  const day = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const range = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
  const prices = new Map();
  const seconds = (total) => `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
  return {
    time: (iso) => time.format(new Date(iso)),
    day: (date) => day.format(noon(date)),
    week: (from, to) => range.formatRange(noon(from), noon(to)),
    duration: (n) => minutes.format(n),
    countdown: seconds,
    price(minor, currency) {
      let format = prices.get(currency);
      if (!format) prices.set(currency, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
      return format.format(minor / 10 ** format.resolvedOptions().maximumFractionDigits);
    },
  };
}

/** YYYY-MM-DD `days` after `date`. */
export function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
