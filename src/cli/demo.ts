import { systemClock } from '../clock.ts';
import { withDatabase, type Command } from './command.ts';
import { randomIds } from '../ids.ts';
import { DEMO_NAME, makeDemo, nextWorkingDay } from '../demo/demo.ts';

export const demoCommand: Command = {
  words: ['demo'],
  summary: 'make a demo salon to try the API: services, staff, hours and a full-CRM key',
  usage: 'booking-api demo [--data DIR]',
  options: {},
  async run({ config, io, json }) {
    const demo = await withDatabase(config, (database) => makeDemo(database, systemClock, randomIds));
    if (json) {
      io.out(JSON.stringify({ businessId: demo.businessId, apiKey: demo.apiKey }));
      return;
    }
    const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/v1/integration`;
    const curl = `curl -H "X-API-Key: ${demo.apiKey}"`;
    io.out(
      [
        demo.created
          ? `${DEMO_NAME} is ready (business ${demo.businessId}, Europe/Berlin): 4 services, 2 staff, Mon–Sat 09:00–18:00.`
          : `${DEMO_NAME} exists already (business ${demo.businessId}); here is a new key for it.`,
        '',
        'API key with the full CRM scopes, shown only this once:',
        '',
        `    ${demo.apiKey}`,
        '',
        'With the server running ("booking-api serve"; in a checkout "npm start"), try:',
        `  ${curl} ${base}/services`,
        `  ${curl} ${base}/staff`,
        `  ${curl} "${base}/slots?serviceId=1&date=${nextWorkingDay(Date.now())}"`,
        `  ${curl} -H "Content-Type: application/json" -X POST ${base}/bookings \\`,
        `    -d '{"serviceId":1,"startTime":"<a startTime from /slots>","client":{"name":"Ada","email":"ada@example.com"}}'`,
      ].join('\n'),
    );
  },
};
