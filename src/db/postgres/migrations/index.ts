import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as bookingDomain from './0002-booking-domain.ts';
import * as bookingRules from './0003-booking-rules.ts';
import * as cacheVersions from './0004-cache-versions.ts';
import * as timeOff from './0005-time-off.ts';
import * as buffers from './0006-buffers.ts';
import * as holds from './0007-holds.ts';
import * as bookingServices from './0008-booking-services.ts';
import * as calendarFeeds from './0009-calendar-feeds.ts';
import * as eventBookings from './0010-event-bookings.ts';
import * as sharedRateWindows from './0011-shared-rate-windows.ts';
import * as bookedClient from './0012-booked-client.ts';

/**
 * PostgreSQL's migrations: the same numbers and meaning as SQLite's (src/db/migrations), written
 * for PostgreSQL. Every new SQLite migration gets its PostgreSQL twin under the same name (a test
 * compares the two lists). Never edit one that has shipped; add the next number.
 */
export const postgresMigrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-booking-domain': bookingDomain,
  '0003-booking-rules': bookingRules,
  '0004-cache-versions': cacheVersions,
  '0005-time-off': timeOff,
  '0006-buffers': buffers,
  '0007-holds': holds,
  '0008-booking-services': bookingServices,
  '0009-calendar-feeds': calendarFeeds,
  '0010-event-bookings': eventBookings,
  '0011-shared-rate-windows': sharedRateWindows,
  '0012-booked-client': bookedClient,
};
