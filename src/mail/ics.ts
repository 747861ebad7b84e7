import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { visitUid, type Salon, type Visit } from './visit.ts';
import { wordingFor } from './wording.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

const METHODS: Record<CalendarMethod, ICalCalendarMethod> = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
};

export interface CalendarOptions {
  method: CalendarMethod;
  /** The salon's address as the organizer, which calendar programs want for REQUEST and CANCEL. */
  organizerEmail: string | null;
  manageUrl: string | null;
  now: number;
}

/**
 * The visit as one iCalendar event a calendar program files as one appointment: the same UID in
 * every message, and a SEQUENCE that grows with each change (the seconds from the booking's
 * creation to its last change), so a moved time replaces the old one and a CANCEL removes it.
 * Times are UTC, exact in every program.
 */
export function visitCalendar(visit: Visit, salon: Salon, options: CalendarOptions): string {
  const words = wordingFor(salon.locale);
  const calendar = ical({ prodId: { company: 'booking-api', product: 'client-mail' }, method: METHODS[options.method] });
  const cancelled = options.method === 'CANCEL' || visit.status === 'cancelled';
  calendar.createEvent({
    id: visitUid(visit.bookingId, salon.id),
    sequence: Math.max(0, Math.floor((visit.updatedAt - visit.createdAt) / 1000)),
    start: new Date(visit.startAt),
    end: new Date(visit.endAt),
    stamp: new Date(options.now),
    summary: words.eventTitle(visit.serviceName, salon.name),
    location: [salon.name, salon.address].filter(Boolean).join(', '),
    description: [visit.staffName ? `${words.labels.with}: ${visit.staffName}` : null, options.manageUrl].filter(Boolean).join('\n'),
    url: options.manageUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : visit.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    organizer: options.organizerEmail ? { name: salon.name, email: options.organizerEmail } : null,
    attendees: visit.email
      ? [
          {
            email: visit.email,
            name: visit.clientName,
            role: ICalAttendeeRole.REQ,
            status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ]
      : [],
  });
  return calendar.toString();
}
