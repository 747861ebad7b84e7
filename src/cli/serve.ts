import fs from 'node:fs';
import { OPTIONS } from '../config.ts';
import { createLogger } from '../log.ts';
import { startServer, type RunningServer } from '../server.ts';
import type { Command, OptionDef } from './command.ts';
import { certificateName, thisMachine, whereToOpen } from './where-to-open.ts';

const configOptions: Record<string, OptionDef> = Object.fromEntries(
  OPTIONS.filter((o) => o.flag !== undefined && o.flag !== 'data' && o.flag !== 'database-url').map((o) => [
    o.flag!,
    { type: o.boolean ? 'boolean' : 'string', description: `${o.description} (${o.env})` } satisfies OptionDef,
  ]),
);

export const serveCommand: Command = {
  words: ['serve'],
  summary: 'start the server (the default command)',
  usage: 'booking-api serve [--host HOST] [--port PORT] [--data DIR] [options]',
  options: configOptions,
  takesConfigFlags: true,
  async run({ config, io }) {
    const logger = createLogger(config.logLevel);
    // Signals are watched before the port opens: a supervisor may stop us as soon as we listen.
    let server: RunningServer | undefined;
    let signalled: NodeJS.Signals | undefined;
    let resolveStopped!: () => void;
    const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
    const stop = () => {
      logger.info({ signal: signalled }, 'stopping');
      server!.stop().then(resolveStopped, (error) => {
        logger.error({ err: error }, 'shutdown failed');
        resolveStopped();
      });
    };
    const onSignal = (signal: NodeJS.Signals) => {
      if (signalled) {
        io.err(`booking-api: ${signal} again, stopping at once`);
        process.exit(1);
      }
      signalled = signal;
      if (server) stop();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);

    server = await startServer(config, {
      logger,
      onAdminTokenCreated: (token) =>
        io.err(
          `\nAdmin token, shown only this once. Keep it safe: the back office (the page at the address below) asks for it once as its access code, to make your own account; scripts and recovery use it after that.\n\n    ${token}\n\n` +
            'Lost it? Run "booking-api admin-token reset" (in a checkout "npx booking-api admin-token reset") to make a new one.\n',
        ),
    });
    io.err(`booking-api is running: the back office and the API at ${server.url}/ (press Ctrl+C to stop)`);
    const certificate = config.tlsCert ? certificateName(fs.readFileSync(config.tlsCert, 'utf8')) : undefined;
    for (const line of whereToOpen(server.url, { publicUrl: config.publicUrl, certificateName: certificate }, thisMachine())) io.err(line);
    if (signalled) stop();
    await stopped;
  },
};
