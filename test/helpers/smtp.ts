import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message as it reached the mail server: its envelope and the parsed message. */
export interface Arrived {
  from: string;
  to: string[];
  raw: string;
  mail: ParsedMail;
}

/** What the server does with a recipient: take it, or answer with this SMTP status. */
export type RecipientRule = (address: string) => { code: number; message: string } | undefined;

export interface SmtpOptions {
  /** When set, AUTH is required and only this user and password pass. */
  login?: { user: string; pass: string };
  /** Refuse some recipients (550 for good, 451 for now). */
  recipients?: RecipientRule;
  /** How long the server takes to answer a message it has received whole (it counts as arrived meanwhile). */
  delayMs?: (arrivedSoFar: number) => number;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package), plain, no TLS, that keeps every
 * message it accepts, parsed by `mailparser`. Its rules change while it runs.
 */
export class SmtpReceiver {
  readonly messages: Arrived[] = [];
  options: SmtpOptions;
  readonly #server: SMTPServer;

  private constructor(options: SmtpOptions) {
    this.options = options;
    this.#server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        const login = this.options.login;
        if (!login || (auth.username === login.user && auth.password === login.pass)) return callback(null, { user: auth.username });
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onMailFrom: (_address, session, callback) => {
        if (this.options.login && !session.user)
          return callback(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
        callback();
      },
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const refusal = this.options.recipients?.(address.address);
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const delay = this.options.delayMs?.(this.messages.length) ?? 0;
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            mail: await simpleParser(raw),
          });
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          callback();
        });
      },
    });
  }

  static async start(options: SmtpOptions = {}): Promise<SmtpReceiver> {
    const receiver = new SmtpReceiver(options);
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.#server.server.address() as AddressInfo).port;
  }

  /** BOOKING_SMTP_URL for this server. */
  url(extra = ''): string {
    const login = this.options.login
      ? `${encodeURIComponent(this.options.login.user)}:${encodeURIComponent(this.options.login.pass)}@`
      : '';
    return `smtp://${login}127.0.0.1:${this.port}?tls=none${extra}`;
  }

  /** Resolves once `count` messages have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<Arrived[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`the SMTP server got ${this.messages.length} of ${count} messages`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.messages;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
