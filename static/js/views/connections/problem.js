// A delivery's problem in the page's language. The server writes one sentence per kind of failure
// (src/delivery/sender.ts describeError, dispatch.ts, lifecycle.ts), the same for integrators in
// the API; the page says the kinds it knows in the salon's words and the host and numbers as they
// are, and anything else as the server wrote it.

import { marked, t } from '../../locale.js';

/** [the server's sentence, the page's words for it with the parts matched in order]. */
const KINDS = [
  [
    /^receiver answered (\d{3}) ([^;]*); redirects are not followed, register the final URL$/,
    marked('the other program answered {1} ({2}), a redirect: register the final address instead'),
  ],
  [/^receiver answered (\d{3}) (.*)$/, marked('the other program answered {1} ({2})')],
  [/^timed out: no complete answer within (\d+) ms$/, marked('no complete answer within {1} ms')],
  [/^timed out connecting to (\S+) after (\d+) ms$/, marked('no connection to {1} within {2} ms')],
  [/^connection refused by (\S+)$/, marked('{1} refused the connection (no program listens there)')],
  [/^host (\S+) not found \(DNS (\w+)\)$/, marked('the name {1} was not found ({2})')],
  [/^connection reset by (\S+) before a complete answer$/, marked('{1} broke off the connection before a complete answer')],
  [/^(\S+) is unreachable \((\w+)\)$/, marked('{1} cannot be reached ({2})')],
  [/^TLS certificate of (\S+) not accepted \((\w+)\)$/, marked('the certificate of {1} is not accepted ({2})')],
  [/^invalid HTTP answer from (\S+) \((.*)\)$/, marked('{1} answered with something that is not HTTP ({2})')],
  [/^request to (\S+) failed: (.*)$/, marked('the request to {1} failed: {2}')],
  [/^not sent: the webhook is switched off$/, marked('not sent: the connection is switched off')],
  [/^not sent: the API key of this webhook was revoked$/, marked('not sent: the connection’s key is revoked')],
  [/^not sent: the API key of this webhook has expired$/, marked('not sent: the connection’s key has expired')],
  [/^not sent: deliveries are stopped on this server$/, marked('not sent: the server was stopping')],
  [/^not sent: (.*); private targets are not allowed$/, marked('not sent: {1}, and addresses inside a network are not called')],
  [/^not sent: (.*)$/, marked('not sent: {1}')],
];

const NO_RETRY = '; no retry: the webhook is switched off';

/** One problem (`errorMessage` of an attempt, `lastError` of a connection) in the page's words. */
export function problemWords(text) {
  if (!text) return text;
  if (text.endsWith(NO_RETRY))
    return t('{problem}; not tried again: the connection is switched off', { problem: problemWords(text.slice(0, -NO_RETRY.length)) });
  for (const [pattern, words] of KINDS) {
    const match = pattern.exec(text);
    if (match) return t(words, Object.fromEntries(match.slice(1).map((part, i) => [String(i + 1), part])));
  }
  return text;
}
