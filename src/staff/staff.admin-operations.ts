import staffCreateSchema from '../../schema/staff-create.ts';
import staffScheduleSchema from '../../schema/staff-schedule.ts';
import staffServicesSchema from '../../schema/staff-services.ts';
import staffUpdateSchema from '../../schema/staff-update.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import {
  adminStaffList,
  adminStaffMember,
  changeSchedule,
  changeServices,
  changeStaff,
  createStaff,
  type StaffDeps,
} from './staff.service.ts';

const operation = operations<StaffDeps>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('Staff member') };

export const staffAdminOperations = [
  operation({
    operationId: 'adminListStaff',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/staff`,
    summary: 'Every staff member with schedule and services',
    params,
    success: { status: 200, schema: 'AdminStaffList' },
    handle: ({ params }, app) => adminStaffList(app, params.businessId),
  }),
  operation({
    operationId: 'adminCreateStaff',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/staff`,
    summary: 'Add a staff member',
    params,
    body: staffCreateSchema,
    success: { status: 201, schema: 'AdminStaff' },
    write: true,
    handle: ({ params, body, trx }, app) => createStaff(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminGetStaffMember',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/staff/:id`,
    summary: 'One staff member',
    params: one,
    success: { status: 200, schema: 'AdminStaff' },
    handle: ({ params }, app) => adminStaffMember(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminUpdateStaffMember',
    access: 'owner',
    method: 'PATCH',
    path: `${BUSINESS}/staff/:id`,
    summary: 'Change a staff member',
    params: one,
    body: staffUpdateSchema,
    success: { status: 200, schema: 'AdminStaff' },
    write: true,
    handle: ({ params, body, trx }, app) => changeStaff(trx, app, params.businessId, params.id, body),
  }),
  operation({
    operationId: 'adminSetStaffSchedule',
    access: 'owner',
    method: 'PUT',
    path: `${BUSINESS}/staff/:id/schedule`,
    summary: 'Replace the weekly schedule (staff.schedule_updated)',
    params: one,
    body: staffScheduleSchema,
    success: { status: 200, schema: 'AdminStaff' },
    write: true,
    handle: ({ params, body, trx }, app) => changeSchedule(trx, app, params.businessId, params.id, body),
  }),
  operation({
    operationId: 'adminSetStaffServices',
    access: 'owner',
    method: 'PUT',
    path: `${BUSINESS}/staff/:id/services`,
    summary: 'Replace the services a staff member performs',
    params: one,
    body: staffServicesSchema,
    success: { status: 200, schema: 'AdminStaff' },
    write: true,
    handle: ({ params, body, trx }, app) => changeServices(trx, app, params.businessId, params.id, body),
  }),
];
