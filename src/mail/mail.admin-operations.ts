import mailSettingsSchema from '../../schema/mail-settings.ts';
import mailTestSchema from '../../schema/mail-test.ts';
import { BUSINESS, BUSINESS_ID } from '../businesses/business-param.ts';
import { operations } from '../http/operations.ts';
import { changeMailSettings, mailSettingsView, removeMailSettings, sendTestMail, type MailDeps } from './mail-settings.service.ts';

const operation = operations<MailDeps>();
const params = { businessId: BUSINESS_ID };

/** The salon's mail server for its clients' e-mails (Settings, "E-mail to clients"). */
export const mailAdminOperations = [
  operation({
    operationId: 'adminGetMailSettings',
    access: 'owner',
    method: 'GET',
    path: `${BUSINESS}/mail`,
    tag: 'mail',
    summary: "The mail server clients' e-mails go through, and how its queue stands",
    params,
    success: { status: 200, schema: 'MailSettings' },
    handle: ({ params }, app) => mailSettingsView(app, params.businessId),
  }),
  operation({
    operationId: 'adminSetMailSettings',
    access: 'owner',
    method: 'PUT',
    path: `${BUSINESS}/mail`,
    tag: 'mail',
    summary: "Set the salon's own mail server (the password is stored encrypted); waiting messages are tried at once",
    params,
    body: mailSettingsSchema,
    success: { status: 200, schema: 'MailSettings' },
    write: true,
    handle: async ({ params, body, trx }, app) => {
      await changeMailSettings(trx, app, params.businessId, body);
      return mailSettingsView({ db: trx, config: app.config }, params.businessId);
    },
  }),
  operation({
    operationId: 'adminDeleteMailSettings',
    access: 'owner',
    method: 'DELETE',
    path: `${BUSINESS}/mail`,
    tag: 'mail',
    summary: "Forget the salon's own mail server (the server's BOOKING_SMTP_URL, if any, takes over)",
    params,
    success: { status: 204 },
    errors: [404],
    write: true,
    handle: ({ params, trx }, app) => removeMailSettings(trx, app, params.businessId),
  }),
  operation({
    operationId: 'adminSendTestMail',
    access: 'owner',
    method: 'POST',
    path: `${BUSINESS}/mail/test`,
    tag: 'mail',
    summary: 'Send a test e-mail now through the mail server in use, and say in one sentence what happened',
    description:
      '`sent: false` with the reason when the mail server could not be reached or refused (a wrong host, port, password or TLS setting): the answer is 200 either way.',
    params,
    body: mailTestSchema,
    success: { status: 200, schema: 'MailTestResult' },
    handle: ({ params, body }, app) => sendTestMail(app, params.businessId, body.to),
  }),
];
