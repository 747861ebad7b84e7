import type { ClientMailKind } from '../db/tables.ts';

/**
 * What clients read, in the salon's language: English and German. Each sentence is a function of
 * what it names, so word order stays each language's own. The salon's locale (its booking page's,
 * en-GB, de-DE…) picks the language by its first part and writes dates and times its way (visit.ts).
 */
export type Language = 'en' | 'de';

export interface Wording {
  subject: Record<ClientMailKind, (salon: string, when: string) => string>;
  greeting: (name: string) => string;
  intro: Record<ClientMailKind, (salon: string) => string>;
  wasAt: (previous: string) => string;
  reason: (reason: string) => string;
  labels: { when: string; what: string; with: string; where: string; phone: string };
  manage: string;
  /** The link's words once the visit can no longer be changed online. */
  see: string;
  manageUntil: (cutoff: string, phone: string | null) => string;
  manageClosed: (phone: string | null) => string;
  calendar: string;
  remindersOff: (salon: string) => string;
  remindersOffLink: string;
  signOff: (salon: string) => string;
  /** The calendar entry's title: "Haircut at Salon Rosa". */
  eventTitle: (services: string, salon: string) => string;
  /** Settings' "Send a test e-mail". */
  test: { subject: (salon: string) => string; body: (salon: string, from: string) => string };
  /** To the salon's owner: a connection (a webhook) switched off after its failures. */
  switchedOff: {
    subject: (name: string) => string;
    what: (name: string, when: string, failures: number) => string;
    lastError: string;
    todo: string;
    link: string;
    signOff: (salon: string) => string;
  };
}

const EN: Wording = {
  subject: {
    booked: (salon, when) => `Your appointment at ${salon}: ${when}`,
    received: (salon, when) => `We have your booking request at ${salon}: ${when}`,
    confirmed: (salon, when) => `Confirmed: your appointment at ${salon}, ${when}`,
    moved: (salon, when) => `New time: your appointment at ${salon} is now ${when}`,
    cancelled: (salon, when) => `Cancelled: your appointment at ${salon}, ${when}`,
    reminder: (salon, when) => `Reminder: your appointment at ${salon}, ${when}`,
  },
  greeting: (name) => `Hello ${name},`,
  intro: {
    booked: () => 'your appointment is booked.',
    received: (salon) => `thank you for your booking. ${salon} will confirm it soon, and we will write to you again then.`,
    confirmed: (salon) => `${salon} has confirmed your appointment.`,
    moved: () => 'your appointment has been moved to a new time.',
    cancelled: () => 'your appointment has been cancelled.',
    reminder: () => 'this is a reminder of your appointment.',
  },
  wasAt: (previous) => `It was on ${previous}.`,
  reason: (reason) => `Reason: ${reason}`,
  labels: { when: 'When', what: 'What', with: 'With', where: 'Where', phone: 'Phone' },
  manage: 'Move or cancel your appointment',
  see: 'Your appointment',
  manageUntil: (cutoff, phone) => `You can move or cancel it online until ${cutoff}${phone ? `; after that, please call ${phone}` : ''}.`,
  manageClosed: (phone) => (phone ? `To change it now, please call ${phone}.` : 'To change it now, please contact the salon.'),
  calendar: 'The attached calendar file puts the appointment in your calendar.',
  remindersOff: (salon) => `You get this reminder because you booked at ${salon}.`,
  remindersOffLink: 'No more reminders',
  signOff: (salon) => `See you soon,\n${salon}`,
  eventTitle: (services, salon) => `${services} at ${salon}`,
  test: {
    subject: (salon) => `Test e-mail from ${salon}'s booking server`,
    body: (salon, from) =>
      `This is a test e-mail from the booking server of ${salon}.\n\nIt arrived, so clients' confirmations, reminders and changes will reach them from ${from}.`,
  },
  switchedOff: {
    subject: (name) => `Switched off: the connection “${name}” gets no more notifications`,
    what: (name, when, failures) =>
      `The connection “${name}” was switched off on ${when}, after ${failures === 1 ? '1 notification' : `${failures} notifications in a row`} could not be delivered to it. Until it is switched back on, it hears nothing of your bookings.`,
    lastError: 'Last error',
    todo: 'What to do: tell whoever looks after this connection, and once it works again, press “Switch back on” on the Connections page of your booking server. From there you can also send again what failed, or leave it switched off.',
    link: 'Open Connections',
    signOff: (salon) => `Your booking server of ${salon}`,
  },
};

const DE: Wording = {
  subject: {
    booked: (salon, when) => `Ihr Termin bei ${salon}: ${when}`,
    received: (salon, when) => `Ihre Buchungsanfrage bei ${salon}: ${when}`,
    confirmed: (salon, when) => `Bestätigt: Ihr Termin bei ${salon}, ${when}`,
    moved: (salon, when) => `Neue Zeit: Ihr Termin bei ${salon} ist jetzt ${when}`,
    cancelled: (salon, when) => `Abgesagt: Ihr Termin bei ${salon}, ${when}`,
    reminder: (salon, when) => `Erinnerung: Ihr Termin bei ${salon}, ${when}`,
  },
  greeting: (name) => `Hallo ${name},`,
  intro: {
    booked: () => 'Ihr Termin ist gebucht.',
    received: (salon) => `vielen Dank für Ihre Buchung. ${salon} bestätigt sie in Kürze, dann schreiben wir Ihnen wieder.`,
    confirmed: (salon) => `${salon} hat Ihren Termin bestätigt.`,
    moved: () => 'Ihr Termin wurde auf eine neue Zeit verschoben.',
    cancelled: () => 'Ihr Termin wurde abgesagt.',
    reminder: () => 'wir erinnern Sie an Ihren Termin.',
  },
  wasAt: (previous) => `Er war am ${previous}.`,
  reason: (reason) => `Grund: ${reason}`,
  labels: { when: 'Wann', what: 'Was', with: 'Bei', where: 'Wo', phone: 'Telefon' },
  manage: 'Termin verschieben oder absagen',
  see: 'Ihr Termin',
  manageUntil: (cutoff, phone) => `Das geht online bis ${cutoff}${phone ? `; danach rufen Sie bitte an: ${phone}` : ''}.`,
  manageClosed: (phone) =>
    phone ? `Für eine Änderung jetzt rufen Sie bitte an: ${phone}.` : 'Für eine Änderung jetzt wenden Sie sich bitte an den Salon.',
  calendar: 'Mit der angehängten Kalenderdatei tragen Sie den Termin in Ihren Kalender ein.',
  remindersOff: (salon) => `Sie erhalten diese Erinnerung, weil Sie bei ${salon} gebucht haben.`,
  remindersOffLink: 'Keine Erinnerungen mehr',
  signOff: (salon) => `Bis bald,\n${salon}`,
  eventTitle: (services, salon) => `${services} bei ${salon}`,
  test: {
    subject: (salon) => `Test-E-Mail vom Buchungsserver von ${salon}`,
    body: (salon, from) =>
      `Dies ist eine Test-E-Mail vom Buchungsserver von ${salon}.\n\nSie ist angekommen: Bestätigungen, Erinnerungen und Änderungen erreichen Ihre Kundinnen und Kunden also von ${from}.`,
  },
  switchedOff: {
    subject: (name) => `Abgeschaltet: Die Verbindung „${name}“ erhält keine Benachrichtigungen mehr`,
    what: (name, when, failures) =>
      `Die Verbindung „${name}“ wurde am ${when} abgeschaltet, nachdem ${failures === 1 ? 'eine Benachrichtigung' : `${failures} Benachrichtigungen nacheinander`} nicht zugestellt werden konnte${failures === 1 ? '' : 'n'}. Bis sie wieder eingeschaltet wird, erfährt sie nichts von Ihren Buchungen.`,
    lastError: 'Letzter Fehler',
    todo: 'Was zu tun ist: Sagen Sie der Person Bescheid, die diese Verbindung betreut, und drücken Sie, sobald sie wieder funktioniert, auf der Seite „Connections“ Ihres Buchungsservers auf „Switch back on“. Dort können Sie auch erneut senden, was fehlgeschlagen ist, oder sie abgeschaltet lassen.',
    link: '„Connections“ öffnen',
    signOff: (salon) => `Ihr Buchungsserver von ${salon}`,
  },
};

const WORDING: Record<Language, Wording> = { en: EN, de: DE };

/** The language of a locale ("de-AT" → de); anything else reads English. */
export function languageOf(locale: string): Language {
  return locale.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function wordingFor(locale: string): Wording {
  return WORDING[languageOf(locale)];
}
