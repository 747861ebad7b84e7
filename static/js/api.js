// The admin API, as the page uses it: one client keyed by operationId (the table is operations.js,
// written from the server's own), the token from localStorage, answers as objects, and every
// failure turned into an ApiError that carries a sentence for staff (never JSON).

import { t } from './locale.js';
import { ADMIN_API, OPERATIONS } from './operations.js';
import { sentenceFor } from './refusals.js';

const TOKEN_KEY = 'booking-api.admin-token';
const SIGNED_IN_KEY = 'booking-api.signed-in';
const PAGE_LIMIT = 100;

/**
 * The admin token (the page calls it the access code) lives in localStorage: asked once per
 * browser, every tab and a restart keep it, until "Log out" (docs/decisions.md); never in the URL.
 * A person signed in with a password has no token here: their session is an HttpOnly cookie the
 * page's scripts never see.
 */
export const session = {
  key: TOKEN_KEY,
  /**
   * Whether this browser signed a person in (not a secret: the session itself is an HttpOnly
   * cookie the page cannot read). Without it the page shows the sign-in at once, instead of asking
   * the server first and logging a refusal in the console of every browser that never signed in.
   */
  hintKey: SIGNED_IN_KEY,
  get personHint() {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  },
  set personHint(value) {
    if (value) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  },
  get token() {
    return localStorage.getItem(TOKEN_KEY);
  },
  set token(value) {
    localStorage.setItem(TOKEN_KEY, value);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(SIGNED_IN_KEY);
  },
};

export class ApiError extends Error {
  /** `body` is the error answer as the server sent it, for the few that carry more than a sentence (slot_held's holds). */
  constructor(sentence, { status = 0, code = null, requestId = null, body = null } = {}) {
    super(sentence);
    this.sentence = sentence;
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.body = body;
  }

  /**
   * A refusal the server meant (a 4xx with a code: a taken time, a role that may not, a used
   * link): its sentence says what to do instead, and there is nothing to retry or report. Only a
   * failure (a 5xx, no answer, an answer without a code) offers "Try again" and a reference.
   */
  get expected() {
    return this.status >= 400 && this.status < 500 && this.code !== null;
  }
}

const given = (value) => value !== undefined && value !== null && value !== '';

/**
 * The method and address of an operation: each `:name` of its path filled in from `params`, and
 * `query` appended (empty values left out). A missing path parameter is the page's own mistake.
 */
export function requestOf(operationId, params = {}, query = {}) {
  const operation = OPERATIONS[operationId];
  if (!operation) throw new Error(`The admin API has no operation ${operationId}.`);
  const [method, template] = operation;
  const path = template.replace(/:(\w+)/g, (_, name) => {
    if (!given(params[name])) throw new Error(`${operationId} needs ${name}.`);
    return encodeURIComponent(String(params[name]));
  });
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => given(value)));
  return { method, url: `${ADMIN_API}${path}${search.size ? `?${search}` : ''}` };
}

let unauthorizedHandler = () => {};

/** What to do when the token stops being accepted mid-session (the login screen, with a sentence). */
export function onUnauthorized(handler) {
  unauthorizedHandler = handler;
}

async function send(method, url, headers, body) {
  try {
    return await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiError(
      t(
        'The page cannot reach the computer the bookings are kept on. Check that it is switched on and that this device is on the same network, then try again.',
      ),
    );
  }
}

async function answerOf(response) {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // A proxy's HTML error page, say: the status alone has to do.
  }
}

/**
 * Calls an admin operation: `call('adminGetBooking', { businessId, id })`, with `query` and `body`
 * where it takes them (`asText`: the answer is a file, given as its text). The access code (the
 * admin token) goes in the Authorization header when the browser keeps one; without it, the
 * session cookie a person's sign-in set goes with the request by itself (same origin). `token`
 * overrides the stored one (the login form checks a token before keeping it); with it, or with
 * `quiet`, a 401 does not log out: it is just the answer to "is this right?".
 */
async function call(operationId, { query, body, token, asText = false, quiet = false, ...params } = {}) {
  const { method, url } = requestOf(operationId, params, query);
  const credential = token ?? session.token;
  const headers = credential ? { Authorization: `Bearer ${credential}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(method, url, headers, body);
  // A file (the activity's CSV) is its text; any other answer, and every refusal, is JSON.
  const data = asText && response.ok ? await response.text() : await answerOf(response);
  if (response.ok) return data;
  const error = new ApiError(sentenceFor(response.status, data), {
    status: response.status,
    code: data?.code ?? null,
    requestId: data?.requestId ?? response.headers.get('X-Request-Id'),
    body: data,
  });
  if (response.status === 401 && token === undefined && !quiet) unauthorizedHandler(error);
  throw error;
}

/** A list operation's items (`data`), one page of `query`'s size, or the first if it names none. */
const list = async (operationId, params = {}) => (await call(operationId, params)).data;

/** Every page of a list operation, up to `max` items. */
async function all(operationId, { query = {}, ...params } = {}, max = 1000) {
  const items = [];
  for (let page = 1; items.length < max; page += 1) {
    const answer = await call(operationId, { ...params, query: { ...query, page, limit: PAGE_LIMIT } });
    items.push(...answer.data);
    if (answer.data.length < PAGE_LIMIT || items.length >= (answer.total ?? Number.POSITIVE_INFINITY)) break;
  }
  return items;
}

/**
 * The last page of `size` items of a list operation (lists come oldest first, so these are the
 * latest): the answer as it is, with `total`.
 */
async function latest(operationId, { query = {}, ...params } = {}, size = PAGE_LIMIT) {
  const page = (n) => call(operationId, { ...params, query: { ...query, limit: size, page: n } });
  const first = await page(1);
  return first.total > size ? page(Math.ceil(first.total / size)) : first;
}

/** The client: `api.call(operationId, params)`, `api.list` (its items), `api.all` (every page), `api.latest`. */
export const api = {
  call,
  list,
  all,
  latest,
  /** The same calls for one salon: its `businessId` filled in. */
  salon(business) {
    const own = (params) => ({ businessId: business.id, ...params });
    return {
      call: (operationId, params) => call(operationId, own(params)),
      list: (operationId, params) => list(operationId, own(params)),
      all: (operationId, params, max) => all(operationId, own(params), max),
      latest: (operationId, params, size) => latest(operationId, own(params), size),
      /** An operation whose answer is a file (a CSV): its text. */
      text: (operationId, params) => call(operationId, own({ ...params, asText: true })),
    };
  },
};
