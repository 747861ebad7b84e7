import accountHistoryQuerySchema from '../../schema/account-history-query.ts';
import auditQuerySchema from '../../schema/audit-query.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { idOf, operations, Reply } from '../http/operations.ts';
import { type ActivityDeps, accountHistory, auditTrail, auditTrailCsv } from './activity.service.ts';

const operation = operations<ActivityDeps>();

const FILTERS =
  'Filters: who (`actorKind`: office — the back office —, key, client, system; `actorId`: the API key), what (`targetKind`, `targetId`), `action`, and local dates `from`–`to` in the salon’s time zone.';

/** Who did what: the audit trail of a business (issue 23 section 3). */
export const activityAdminOperations = [
  operation({
    operationId: 'adminListAuditEntries',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/audit`,
    summary: 'Who changed what, newest first',
    description: `Every change made in the business: who (the back office, an API key by id and name, a client, the system), what (action and target), the fields before and after (secrets and an erased client's values withheld), the request and the address. ${FILTERS}`,
    params: { businessId: BUSINESS_ID },
    query: auditQuerySchema,
    success: { status: 200, schema: 'AuditEntryList' },
    handle: ({ params, query }, app) => auditTrail(app, params.businessId, query),
  }),
  operation({
    operationId: 'adminExportAuditEntries',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/audit.csv`,
    summary: 'The audit trail as CSV',
    description: `The entries the filters match (at most the newest 100,000), one line each: time, who, who_kind, who_id, action, what, what_id, changes, request_id, address. ${FILTERS} \`page\` and \`limit\` are ignored.`,
    params: { businessId: BUSINESS_ID },
    query: auditQuerySchema,
    success: { status: 200, mediaType: 'text/csv', description: 'The CSV file (text/csv).' },
    handle: async ({ params, query }, app) =>
      new Reply(200, await auditTrailCsv(app, params.businessId, query), {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="activity-${params.businessId}.csv"`,
      }),
  }),
  operation({
    operationId: 'adminListUserHistory',
    access: 'owner',
    method: 'GET',
    path: '/users/:id/history',
    summary: 'What happened to a person’s account, newest first',
    description:
      'Invited, signed in and out (with the address), passwords chosen and changed, passkeys added and removed, role or staff member changed, switched off or on, new links, sessions ended: who did it and when (UTC). An account belongs to the installation, so these are not in a business’s audit trail.',
    params: { id: idOf('Person') },
    query: accountHistoryQuerySchema,
    success: { status: 200, schema: 'AuditEntryList' },
    handle: ({ params, query }, app) => accountHistory(app, params.id, query),
  }),
];
