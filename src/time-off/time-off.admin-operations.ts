import closureCreateSchema from '../../schema/closure-create.ts';
import closureUpdateSchema from '../../schema/closure-update.ts';
import timeOffCreateSchema from '../../schema/time-off-create.ts';
import timeOffUpdateSchema from '../../schema/time-off-update.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations, type OwnAccess } from '../http/operations.ts';
import {
  changeClosure,
  changeTimeOff,
  createClosure,
  createTimeOff,
  getClosure,
  getTimeOff,
  listBusinessClosures,
  listStaffTimeOff,
  removeClosure,
  removeTimeOff,
  type TimeOffDeps,
} from './time-off.service.ts';

const operation = operations<TimeOffDeps>();

/** A stylist's own time off: under their own staff member's path (src/auth/roles.ts). */
const STYLIST_OWN_TIME_OFF: OwnAccess<TimeOffDeps> = {
  own: ({ params }, _app, staffId) => params.staffId === staffId,
  why: "A stylist sees and changes only their own time off, not a colleague's.",
};

const staff = { businessId: BUSINESS_ID, staffId: idOf('Staff member') };
const oneTimeOff = { ...staff, id: idOf('Time off') };
const business = { businessId: BUSINESS_ID };
const oneClosure = { ...business, id: idOf('Closure') };

/** Time off per staff member (…/staff/:staffId/time-off) and salon closures (…/closures). */
export const timeOffAdminOperations = [
  operation({
    operationId: 'adminListTimeOff',
    access: STYLIST_OWN_TIME_OFF,
    method: 'GET',
    path: `${BUSINESS}/staff/:staffId/time-off`,
    summary: "A staff member's time off, earliest first",
    params: staff,
    success: { status: 200, schema: 'TimeOffList' },
    handle: ({ params }, app) => listStaffTimeOff(app, params.businessId, params.staffId),
  }),
  operation({
    operationId: 'adminCreateTimeOff',
    access: STYLIST_OWN_TIME_OFF,
    method: 'POST',
    path: `${BUSINESS}/staff/:staffId/time-off`,
    summary: 'Add time off (whole days or part of one); the answer lists the bookings it overlaps (staff.schedule_updated)',
    params: staff,
    body: timeOffCreateSchema,
    success: { status: 201, schema: 'TimeOffWithBookings' },
    write: true,
    handle: ({ params, body, trx }, app) => createTimeOff(trx, app, params.businessId, params.staffId, body),
  }),
  operation({
    operationId: 'adminGetTimeOff',
    access: STYLIST_OWN_TIME_OFF,
    method: 'GET',
    path: `${BUSINESS}/staff/:staffId/time-off/:id`,
    summary: 'One time off',
    params: oneTimeOff,
    success: { status: 200, schema: 'TimeOff' },
    handle: ({ params }, app) => getTimeOff(app, params.businessId, params.staffId, params.id),
  }),
  operation({
    operationId: 'adminUpdateTimeOff',
    access: STYLIST_OWN_TIME_OFF,
    method: 'PATCH',
    path: `${BUSINESS}/staff/:staffId/time-off/:id`,
    summary: 'Change time off (staff.schedule_updated)',
    params: oneTimeOff,
    body: timeOffUpdateSchema,
    success: { status: 200, schema: 'TimeOffWithBookings' },
    write: true,
    handle: ({ params, body, trx }, app) => changeTimeOff(trx, app, params.businessId, params.staffId, params.id, body),
  }),
  operation({
    operationId: 'adminDeleteTimeOff',
    access: STYLIST_OWN_TIME_OFF,
    method: 'DELETE',
    path: `${BUSINESS}/staff/:staffId/time-off/:id`,
    summary: 'Remove time off (staff.schedule_updated)',
    params: oneTimeOff,
    success: { status: 204 },
    write: true,
    handle: ({ params, trx }, app) => removeTimeOff(trx, app, params.businessId, params.staffId, params.id),
  }),
  operation({
    operationId: 'adminListClosures',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/closures`,
    summary: 'Days the salon is closed, earliest first',
    params: business,
    success: { status: 200, schema: 'ClosureList' },
    handle: ({ params }, app) => listBusinessClosures(app, params.businessId),
  }),
  operation({
    operationId: 'adminCreateClosure',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/closures`,
    summary: 'Close the salon on whole days; the answer lists the bookings in them (staff.schedule_updated per affected staff member)',
    params: business,
    body: closureCreateSchema,
    success: { status: 201, schema: 'ClosureWithBookings' },
    write: true,
    handle: ({ params, body, trx }, app) => createClosure(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminGetClosure',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/closures/:id`,
    summary: 'One closure',
    params: oneClosure,
    success: { status: 200, schema: 'Closure' },
    handle: ({ params }, app) => getClosure(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminUpdateClosure',
    access: 'owner',
    method: 'PATCH',
    path: `${BUSINESS}/closures/:id`,
    summary: 'Change a closure',
    params: oneClosure,
    body: closureUpdateSchema,
    success: { status: 200, schema: 'ClosureWithBookings' },
    write: true,
    handle: ({ params, body, trx }, app) => changeClosure(trx, app, params.businessId, params.id, body),
  }),
  operation({
    operationId: 'adminDeleteClosure',
    access: 'owner',
    method: 'DELETE',
    path: `${BUSINESS}/closures/:id`,
    summary: 'Open the salon again on those days',
    params: oneClosure,
    success: { status: 204 },
    write: true,
    handle: ({ params, trx }, app) => removeClosure(trx, app, params.businessId, params.id),
  }),
];
