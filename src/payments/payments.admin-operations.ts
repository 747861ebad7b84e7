import paymentCreateSchema from '../../schema/payment-create.ts';
import paymentsQuerySchema from '../../schema/payments-query.ts';
import refundCreateSchema from '../../schema/refund-create.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations } from '../http/operations.ts';
import { listPayments, recordPayment, refundPayment, type PaymentsDeps } from './payments.service.ts';

const operation = operations<PaymentsDeps>();

const params = { businessId: BUSINESS_ID };

export const paymentAdminOperations = [
  operation({
    operationId: 'adminListPayments',
    access: 'desk',
    method: 'GET',
    path: `${BUSINESS}/payments`,
    summary: 'Payments and refunds, newest first',
    params,
    query: paymentsQuerySchema,
    success: { status: 200, schema: 'PaymentList' },
    handle: ({ params, query }, app) => listPayments(app, params.businessId, query),
  }),
  operation({
    operationId: 'adminRecordPayment',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/payments`,
    summary: 'Record a payment for a booking',
    params,
    body: paymentCreateSchema,
    success: { status: 201, schema: 'Payment' },
    errors: [404, 409],
    write: true,
    handle: ({ params, body, trx }, app) => recordPayment(trx, app, params.businessId, body),
  }),
  operation({
    operationId: 'adminRefundPayment',
    access: 'desk',
    method: 'POST',
    path: `${BUSINESS}/payments/:id/refund`,
    summary: 'Refund (part of) a payment',
    params: { ...params, id: idOf('Payment') },
    body: refundCreateSchema,
    success: { status: 201, schema: 'Payment' },
    errors: [409],
    write: true,
    handle: ({ params, body, trx }, app) => refundPayment(trx, app, params.businessId, params.id, body),
  }),
];
