// How an e-mail went, as the server says it in English (src/mail/send.ts, mail-engine.ts,
// mail-queue.ts, mail-settings.service.ts), in the page's language: the test e-mail's outcome in
// Settings and each e-mail's on a booking. A mail server's own answer inside stays as it came.

import { marked, t } from './locale.js';
import { serverSentences } from './server-sentences.js';

const sentence = serverSentences(
  [
    // A mail server's answer (send.ts).
    marked('The mail server refused the user name or password ({answer}).'),
    marked('There is no mail server called {host}: check the host name.'),
    marked('Nothing answers at {host}, port {port}: check the host and the port.'),
    marked('The mail server at {host}, port {port} showed a certificate that is not valid for it ({reason}).'),
    marked(
      'The TLS setting does not match the mail server at {host}, port {port}: port 587 usually takes STARTTLS, port 465 TLS from the start.',
    ),
    marked('The mail server at {host}, port {port} did not answer in time: check the host, the port and the TLS setting.'),
    marked('The mail server refused the sender address {from} ({answer}).'),
    marked("The client's mail server refused the address ({answer})."),
    marked('The mail server refused the message ({answer}).'),
    marked('The mail server asked to try again later ({answer}).'),
    marked('Could not reach the mail server at {host}, port {port} ({reason}).'),
    // Waiting for the salon (mail-engine.ts) and not sent at all (mail-queue.ts, erasure).
    marked('No mail server is set up (Settings, “E-mail to clients”).'),
    marked('There is no sender address: give the salon an e-mail address in Settings.'),
    marked('The client gave no e-mail address.'),
    marked('The visit had begun.'),
    marked('No mail server is set up yet (Settings, “E-mail to clients”), so clients get no e-mail.'),
    marked('The client turned reminders off.'),
    marked("The client's mail server refused this address before ({reason})."),
    marked('Not sent: the client was erased.'),
    // The test e-mail (mail-settings.service.ts).
    marked('No mail server is set up yet: fill in the form above first.'),
    marked('There is no sender address: give the salon an e-mail address above, or a sender address.'),
    marked('Sent a test e-mail to {to} from {from}. If it does not arrive, look in the spam folder.'),
  ],
  { reason: (text) => sentence(text) },
);

/** Given up at a deadline: "Not sent before the visit: <why>" (mail-engine.ts). */
const GIVEN_UP = [marked('Not sent before the visit: {problem}'), marked('Not sent within a day: {problem}')];

/** The server's sentences that send the reader to Settings, which only the owner opens. */
const IN_SETTINGS = new Set([
  'No mail server is set up (Settings, “E-mail to clients”).',
  'No mail server is set up yet (Settings, “E-mail to clients”), so clients get no e-mail.',
]);

/**
 * The server's sentence about an e-mail in the page's language (anything else as it came);
 * `owner: false` (the front desk, a stylist) asks the owner instead of pointing to Settings.
 */
export function mailProblem(text, { owner = true } = {}) {
  if (!owner && IN_SETTINGS.has(text))
    return t('No mail server is set up yet, so clients get no e-mail. The salon’s owner sets one up in Settings: please ask them.');
  for (const template of GIVEN_UP) {
    const prefix = template.slice(0, -'{problem}'.length);
    if (typeof text === 'string' && text.startsWith(prefix)) return t(template, { problem: sentence(text.slice(prefix.length)) });
  }
  return sentence(text);
}
