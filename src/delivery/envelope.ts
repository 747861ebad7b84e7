import { toIso } from '../clock.ts';

export const API_VERSION = '1.0';

/**
 * Spec 2.4: the exact bytes every attempt of a delivery sends. Built once when the event happens
 * and stored, so retries are byte-identical.
 */
export function envelopeBody(deliveryId: string, event: string, occurredAt: number, data: unknown): string {
  return JSON.stringify({ id: deliveryId, event, timestamp: toIso(occurredAt), apiVersion: API_VERSION, data });
}
