import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { operations } from '../http/operations.ts';
import { type InboxDeps, salonInbox } from './inbox.service.ts';

const operation = operations<InboxDeps>();

/** What waits on the salon: the menu's count and the inbox view. */
export const inboxAdminOperations = [
  operation({
    operationId: 'adminGetInbox',
    access: 'desk',
    method: 'GET',
    path: `${BUSINESS}/inbox`,
    summary: 'What waits on the salon: bookings to confirm, client checks to answer, connections switched off',
    description:
      '`count`: how many things wait (each booking once, whatever it waits for), what the page’s menu shows. `bookings`: pending bookings (to confirm or decline) and bookings not cancelled whose client check is open, newest first (by when they were made), at most 100, each `{booking, origin, keyName, waitsFor}`: `origin` (`website`: the booking page, `integration`: an API key, named in `keyName`, `desk`) and `waitsFor` (`confirmation`, `client-check`). `switchedOff`: the connections switched off after their failures that nobody has acted on, as GET …/webhooks/switched-off lists them.',
    params: { businessId: BUSINESS_ID },
    success: { status: 200, schema: 'Inbox' },
    handle: ({ params }, app) => salonInbox(app, params.businessId),
  }),
];
