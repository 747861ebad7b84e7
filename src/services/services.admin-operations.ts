import serviceCreateSchema from '../../schema/service-create.ts';
import serviceUpdateSchema from '../../schema/service-update.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { adminService, adminServices, changeService, createService, deleteService, type ServicesDeps } from './services.service.ts';

const operation = operations<ServicesDeps>();

const params = { businessId: BUSINESS_ID };
const one = { ...params, id: idOf('Service') };

export const serviceAdminOperations = [
  operation({
    operationId: 'adminListServices',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/services`,
    summary: 'Every service, switched-off ones included',
    params,
    success: { status: 200, schema: 'ServiceList' },
    handle: ({ params }, app) => adminServices(app, params.businessId),
  }),
  operation({
    operationId: 'adminCreateService',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/services`,
    summary: 'Add a service',
    params,
    body: serviceCreateSchema,
    success: { status: 201, schema: 'Service' },
    write: true,
    handle: ({ params, body, trx }, app) => createService(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminGetService',
    access: 'team',
    method: 'GET',
    path: `${BUSINESS}/services/:id`,
    summary: 'One service',
    params: one,
    success: { status: 200, schema: 'Service' },
    handle: ({ params }, app) => adminService(app, params.businessId, params.id),
  }),
  operation({
    operationId: 'adminUpdateService',
    access: 'owner',
    method: 'PATCH',
    path: `${BUSINESS}/services/:id`,
    summary: 'Change a service (service.updated)',
    params: one,
    body: serviceUpdateSchema,
    success: { status: 200, schema: 'Service' },
    write: true,
    handle: ({ params, body, trx }, app) => changeService(trx, app, params.businessId, params.id, body),
  }),
  operation({
    operationId: 'adminDeleteService',
    access: 'owner',
    method: 'DELETE',
    path: `${BUSINESS}/services/:id`,
    summary: 'Delete a service (service.deleted); its bookings keep their data',
    params: one,
    success: { status: 204 },
    write: true,
    handle: async ({ params, trx }, app) => {
      await deleteService(trx, app, params.businessId, params.id);
    },
  }),
];
