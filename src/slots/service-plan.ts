import type { Directory } from '../businesses/directory.ts';
import type { ServiceRow } from '../db/tables.ts';
import { errors } from '../http/errors.ts';

/** One service of a visit, placed in time relative to the visit's start. */
export interface PlannedService {
  readonly service: ServiceRow;
  /** Minutes from the visit's start to this service's start. */
  readonly offsetMinutes: number;
}

/**
 * What a client books: one service, or several back to back by one staff member. The client's
 * time runs from the first service's start to the last one's end; between two services the
 * staff member's cleaning after the one and preparation before the next are part of it (the
 * client waits). The first service's preparation and the last one's cleaning lie outside, as
 * buffers of the visit.
 */
export interface ServicePlan {
  readonly services: readonly PlannedService[];
  readonly serviceIds: readonly number[];
  /** The client's time. */
  readonly durationMinutes: number;
  readonly bufferBeforeMinutes: number;
  readonly bufferAfterMinutes: number;
  readonly price: number;
  readonly currency: string;
  /** Every service's name, in order: "Haircut + Colour". */
  readonly name: string;
  /** Every service can be booked now. */
  readonly active: boolean;
}

export const MAX_SERVICES = 5;

/** The plan of `serviceIds` in order; 404 for a service the business does not offer. */
export function planOf(directory: Directory, serviceIds: readonly number[]): ServicePlan {
  const services = serviceIds.map((id) => {
    const service = directory.services.get(id);
    if (!service) throw errors.notFound('Service');
    return service;
  });
  if (new Set(services.map((s) => s.currency)).size > 1) {
    throw errors.validation('These services are priced in different currencies and cannot be booked together.', 'serviceIds');
  }
  return planOfRows(services);
}

export function planOfRows(services: readonly ServiceRow[]): ServicePlan {
  const planned: PlannedService[] = [];
  let offset = 0;
  services.forEach((service, i) => {
    if (i > 0) offset += services[i - 1]!.buffer_after_minutes + service.buffer_before_minutes;
    planned.push({ service, offsetMinutes: offset });
    offset += service.duration_minutes;
  });
  return {
    services: planned,
    serviceIds: services.map((s) => s.id),
    durationMinutes: offset,
    bufferBeforeMinutes: services[0]!.buffer_before_minutes,
    bufferAfterMinutes: services.at(-1)!.buffer_after_minutes,
    price: services.reduce((sum, s) => sum + s.price, 0),
    currency: services[0]!.currency,
    name: services.map((s) => s.name).join(' + '),
    active: services.every((s) => s.active === 1),
  };
}

/** `serviceId` or `serviceIds` of a request, exactly one of them: the ids in order. */
export function serviceIdsOf(input: { serviceId?: number; serviceIds?: readonly number[] }): number[] {
  if ((input.serviceId === undefined) === (input.serviceIds === undefined)) {
    throw errors.validation('Give either "serviceId" or "serviceIds", not both.', 'serviceId');
  }
  const ids = input.serviceIds ?? [input.serviceId!];
  if (new Set(ids).size !== ids.length) throw errors.validation('"serviceIds" names a service twice.', 'serviceIds');
  return [...ids];
}
