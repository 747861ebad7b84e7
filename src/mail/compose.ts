import type { ClientMailKind } from '../db/tables.ts';
import { visitCalendar, type CalendarMethod } from './ics.ts';
import { cutoffOf, spanText, whenText, type Salon, type Visit } from './visit.ts';
import { wordingFor } from './wording.ts';

export interface Links {
  /** The client's page for this visit; absent in a cancellation. */
  manage?: string;
  /** The page that stops reminders, for the link in the message; reminders only. */
  unsubscribe?: string;
  /** Where a mail program stops them with one click (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058). */
  oneClick?: string;
}

/** A message to a client, ready for the mail server: both bodies, the calendar file, extra headers. */
export interface Composed {
  subject: string;
  text: string;
  html: string;
  calendar: { method: CalendarMethod; content: string };
  headers: Record<string, string>;
}

const METHOD_OF: Record<ClientMailKind, CalendarMethod> = {
  booked: 'REQUEST',
  received: 'REQUEST',
  confirmed: 'REQUEST',
  moved: 'REQUEST',
  reminder: 'REQUEST',
  cancelled: 'CANCEL',
};

/**
 * The message of `kind` about `visit`, in the salon's language: what happened, when, what, with
 * whom, where and the salon's phone, the manage link with how long it can be used, and for a
 * reminder the way to stop them. `from` is the sender's address (the calendar's organizer).
 */
export function compose(kind: ClientMailKind, visit: Visit, salon: Salon, links: Links, from: string | null, now: number): Composed {
  const words = wordingFor(salon.locale);
  const lines: Array<{ label?: string; text: string; href?: string } | null> = [];
  const paragraph = (text: string) => lines.push({ text });
  paragraph(words.greeting(visit.clientName));
  paragraph(words.intro[kind](salon.name));
  if (kind === 'moved' && visit.previousStartAt !== null) paragraph(words.wasAt(whenText(visit.previousStartAt, salon)));
  if (kind === 'cancelled' && visit.cancelReason) paragraph(words.reason(visit.cancelReason));
  const facts: Array<[string, string | null]> = [
    [words.labels.when, spanText(visit.startAt, visit.endAt, salon)],
    [words.labels.what, visit.serviceName],
    [words.labels.with, visit.staffName],
    [words.labels.where, [salon.name, salon.address].filter(Boolean).join(', ')],
    [words.labels.phone, salon.phone],
  ];
  const manage: string[] = [];
  const changeable = cutoffOf(visit, salon) > now;
  if (links.manage) {
    manage.push(changeable ? words.manageUntil(whenText(cutoffOf(visit, salon), salon), salon.phone) : words.manageClosed(salon.phone));
  }
  const linkLabel = changeable ? words.manage : words.see;
  const subject = words.subject[kind](salon.name, whenText(visit.startAt, salon));
  const calendar = {
    method: METHOD_OF[kind],
    content: visitCalendar(visit, salon, { method: METHOD_OF[kind], organizerEmail: from, manageUrl: links.manage ?? null, now }),
  };
  const headers: Record<string, string> = {};
  if (links.oneClick) {
    headers['List-Unsubscribe'] = `<${links.oneClick}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const intro = lines.filter((l) => l !== null).map((l) => l.text);
  const shown = facts.filter((f): f is [string, string] => Boolean(f[1]));
  const text = [
    ...intro.map((t) => `${t}\n`),
    `${shown.map(([label, value]) => `${label}: ${value}`).join('\n')}\n`,
    links.manage ? `${linkLabel}: ${links.manage}\n${manage.join('\n')}\n` : null,
    `${words.calendar}\n`,
    `${words.signOff(salon.name)}\n`,
    links.unsubscribe ? `--\n${words.remindersOff(salon.name)}\n${words.remindersOffLink}: ${links.unsubscribe}\n` : null,
  ]
    .filter(Boolean)
    .join('\n');
  const html = htmlOf({ words, intro, shown, links, manage, linkLabel, salon: salon.name, locale: salon.locale });
  return { subject, text, html, calendar, headers };
}

function htmlOf(parts: {
  words: ReturnType<typeof wordingFor>;
  intro: string[];
  shown: Array<[string, string]>;
  links: Links;
  manage: string[];
  linkLabel: string;
  salon: string;
  locale: string;
}): string {
  const { words, links } = parts;
  const p = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
  const rows = parts.shown
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return [
    `<!doctype html><html lang="${escapeHtml(parts.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(parts.salon)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1d1d1f;max-width:560px;margin:0 auto;padding:16px">',
    ...parts.intro.map(p),
    `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`,
    links.manage
      ? `<p style="margin:0 0 8px"><a href="${escapeHtml(links.manage)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(parts.linkLabel)}</a></p>${parts.manage.map(p).join('')}`
      : '',
    p(words.calendar),
    `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(words.signOff(parts.salon))}</p>`,
    links.unsubscribe
      ? `<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(words.remindersOff(parts.salon))} <a href="${escapeHtml(links.unsubscribe)}" style="color:#555">${escapeHtml(words.remindersOffLink)}</a></p>`
      : '',
    '</body></html>',
  ].join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
