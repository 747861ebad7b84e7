import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
}

/**
 * A loopback address nothing answers on, for webhooks that must never deliver: a privileged port
 * (no test process can listen there) that no service is assigned to, and not one of the Fetch
 * standard's bad ports, which a webhook may not use (port 9, used before, is one).
 */
export const NOWHERE = 'http://127.0.0.1:4';

/** What the receiver does with a request: answer, never answer, or drop the connection. */
export type Behaviour = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang' | 'reset';

export type Handler = (request: Received, index: number) => Behaviour;

/** A real HTTP server on 127.0.0.1 that records every delivery and answers as the test says. */
export class Receiver {
  readonly requests: Received[] = [];
  #handler: Handler;
  readonly #server: http.Server;
  readonly #waiters: Array<() => void> = [];

  private constructor(server: http.Server, handler: Handler) {
    this.#server = server;
    this.#handler = handler;
  }

  static async start(handler: Handler = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server, handler);
    server.on('request', (req, res) => receiver.#handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}${path}`;
  }

  handle(handler: Handler): void {
    this.#handler = handler;
  }

  /** Resolves when at least `count` requests have arrived. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) throw new Error(`receiver got ${this.requests.length} of ${count} requests`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.requests;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const index = this.requests.length;
      this.requests.push(request);
      for (const wake of this.#waiters.splice(0)) wake();
      const behaviour = this.#handler(request, index);
      if (behaviour === 'hang') return;
      if (behaviour === 'reset') {
        req.socket.destroy();
        return;
      }
      const reply = () => {
        res.writeHead(behaviour.status, behaviour.headers);
        res.end(behaviour.body ?? '');
      };
      if (behaviour.delayMs) setTimeout(reply, behaviour.delayMs);
      else reply();
    });
  }
}
