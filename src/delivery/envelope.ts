import { toIso } from '../clock.ts';

export const API_VERSION = '1.0';

/**
 * Spec 2.4: the exact bytes every attempt of a delivery sends. Built once when the event happens
 * and stored, so retries are byte-identical.
 */
export function envelopeBody(deliveryId: string, event: string, occurredAt: number, data: unknown): string {
  return JSON.stringify({ id: deliveryId, event, timestamp: toIso(occurredAt), apiVersion: API_VERSION, data });
}

/**
 * The same bytes as envelopeBody with `dataText` = JSON.stringify(data) (JSON.stringify writes a
 * nested object as it writes it alone): the outbox stringifies an event's data once, for the event's
 * row, and puts that text in each of its deliveries' envelopes instead of stringifying it again.
 */
export function envelopeBodyOfText(deliveryId: string, event: string, occurredAt: number, dataText: string): string {
  return `{"id":${JSON.stringify(deliveryId)},"event":${JSON.stringify(event)},"timestamp":"${toIso(occurredAt)}","apiVersion":"${API_VERSION}","data":${dataText}}`;
}
