import { sleep } from './wait.ts';

export interface StreamOptions {
  /** The server's base URL now: it may change while the stream runs (a restart on another port). */
  url: () => string;
  apiKey: string;
  serviceId: number;
  /** First local date to book, YYYY-MM-DD; later dates follow when it is full. */
  firstDate: string;
  /** Tag for Idempotency-Keys and client e-mails, so two streams never collide. */
  tag: string;
}

/**
 * A booking widget that keeps booking free slots, as a client of a flaky server would: a request
 * that gets no answer (connection refused or reset, because the server died) is sent again with
 * the same Idempotency-Key until it gets one, so a booking is made once however often it is sent.
 */
export class BookingStream {
  /** Booking id by Idempotency-Key, for every booking the server confirmed with 201. */
  readonly created = new Map<string, number>();
  /** Bookings asked for (each once, however often it was resent). */
  sent = 0;
  /** Requests sent again because the first try got no answer. */
  resent = 0;
  replayed = 0;
  conflicts = 0;
  /** Answers 5xx: the server promised never to give them. */
  readonly serverErrors: string[] = [];
  readonly #o: StreamOptions;
  readonly #slots: string[] = [];
  #date: string;
  #fetching: Promise<void> | undefined;
  #next = 0;
  /** Days asked for in a row that had no free slot. */
  #emptyDays = 0;

  constructor(options: StreamOptions) {
    this.#o = options;
    this.#date = options.firstDate;
  }

  /** Runs `workers` booking loops until `stop()` says so. */
  async run(stop: () => boolean, workers = 2): Promise<void> {
    await Promise.all(Array.from({ length: workers }, () => this.#loop(stop)));
  }

  async #loop(stop: () => boolean): Promise<void> {
    while (!stop()) {
      const startTime = await this.#slot(stop);
      if (startTime === undefined) return;
      const n = this.#next++;
      this.sent += 1;
      const key = `${this.#o.tag}-${n}`;
      const body = {
        serviceId: this.#o.serviceId,
        startTime,
        client: { name: `Stream client ${n}`, email: `${this.#o.tag}-${n}@example.com` },
      };
      const reply = await this.#untilAnswered((url) =>
        fetch(`${url}/v1/integration/bookings`, {
          method: 'POST',
          headers: { 'X-API-Key': this.#o.apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(body),
        }),
      );
      if (reply.status === 201) {
        const booking = JSON.parse(reply.text) as { id: number };
        if (reply.replayed) this.replayed += 1;
        const earlier = this.created.get(key);
        if (earlier !== undefined && earlier !== booking.id) throw new Error(`${key} made two bookings: ${earlier} and ${booking.id}`);
        this.created.set(key, booking.id);
      } else if (reply.status === 409) {
        this.conflicts += 1;
      } else if (reply.status >= 500) {
        this.serverErrors.push(`${reply.status} ${reply.text}`);
      } else {
        throw new Error(`booking ${key} refused: ${reply.status} ${reply.text}`);
      }
    }
  }

  /** Sends until an answer comes back; only "no answer at all" is retried. */
  async #untilAnswered(send: (url: string) => Promise<Response>): Promise<{ status: number; text: string; replayed: boolean }> {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) this.resent += 1;
      try {
        const response = await send(this.#o.url());
        const text = await response.text();
        return { status: response.status, text, replayed: response.headers.get('idempotent-replayed') === 'true' };
      } catch {
        if (attempt > 600) throw new Error('the server gave no answer for a minute');
        await sleep(100);
      }
    }
  }

  async #slot(stop: () => boolean): Promise<string | undefined> {
    while (this.#slots.length === 0) {
      if (stop()) return undefined;
      this.#fetching ??= this.#fetchDay().finally(() => (this.#fetching = undefined));
      await this.#fetching;
    }
    return this.#slots.shift();
  }

  async #fetchDay(): Promise<void> {
    const date = this.#date;
    this.#date = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const reply = await this.#untilAnswered((url) =>
      fetch(`${url}/v1/integration/slots?serviceId=${this.#o.serviceId}&date=${date}`, { headers: { 'X-API-Key': this.#o.apiKey } }),
    );
    if (reply.status !== 200) throw new Error(`slots of ${date}: ${reply.status} ${reply.text}`);
    const slots = (JSON.parse(reply.text) as { data: Array<{ startTime: string }> }).data;
    for (const slot of slots) this.#slots.push(slot.startTime);
    this.#emptyDays = slots.length === 0 ? this.#emptyDays + 1 : 0;
    // A salon is never closed for a fortnight: the dates asked for are wrong, not the salon full.
    if (this.#emptyDays >= 14) throw new Error(`no free slot on 14 days in a row, the last ${date} (asked from ${this.#o.firstDate})`);
  }
}
