// Settings: can the salon's clients reach the booking page from outside, as the server is set up?
// One sentence from the server's last check of its public address; the check runs on the server in
// the background, so the page asks again a few times while one is under way.

import { api } from '../../api.js';
import { button, h } from '../../dom.js';
import { clockTime } from '../../format.js';
import { marked, t } from '../../locale.js';
import { serverSentences } from '../../server-sentences.js';
import { messageArea, perform, say, sayError } from '../../ui/notice.js';
import { titledSection } from '../../ui/pages.js';

/** What lies inside a network (src/delivery/targets.ts), as the check names it; another as it came. */
const INSIDE = serverSentences([
  marked('a loopback address'),
  marked('a private address'),
  marked('a link-local address (cloud metadata lives here)'),
  marked('a link-local address'),
  marked('a private (unique local) address'),
  marked('a carrier-grade NAT address'),
  marked('the unspecified address'),
  marked('a reserved or documentation address'),
]);

/** The check's own words (src/reachability/check.ts) in the page's language; another as it came. */
const detailWords = serverSentences(
  [
    marked('it sends visitors on to {address}'),
    marked('another booking-api server answers there, with other data'),
    marked('another program answers there (status {status})'),
    marked('looking up {host} took over {time}'),
    marked('looking up {host} failed ({reason})'),
    marked('it did not answer within {time}'),
    marked('the request failed ({reason})'),
    marked('its certificate has expired'),
    marked('its certificate is not valid yet'),
    marked('its certificate is for another name'),
    marked('its certificate is self-signed, which browsers do not accept'),
    marked('its certificate comes from an authority browsers do not know'),
    marked('its certificate comes from an authority browsers do not know, or the chain is incomplete'),
    marked('nothing accepts connections there'),
    marked('the connection was cut off'),
    marked('that address cannot be reached'),
    marked('that network cannot be reached'),
    marked('the connection was closed before an answer came'),
    marked('it does not speak HTTPS there'),
    // Last, and an address without spaces: "its certificate is …" is no address.
    marked('{address} is {reason}'),
    marked('{host} leads to {address}, {reason}'),
  ],
  { reason: INSIDE },
  { address: '\\S+', host: '\\S+' },
);

const ASK_AGAIN_MS = 1500;
const ASK_AT_MOST = 10;

/** The sentence for the salon, and whether it is good news; the server's `detail` said in the page's words. */
export function reachabilitySentence(answer) {
  const values = {
    at: answer.publicUrl,
    detail: answer.detail ? detailWords(answer.detail) : t('no answer'),
    checked: answer.checkedAt ? ` ${t('(checked at {time})', { time: clockTime(answer.checkedAt) })}` : '',
  };
  if (answer.status === 'unset')
    return [
      'warn',
      t(
        'Clients can open the booking page only on this network: no public address is set up for it yet (whoever installed the booking program gives it the address clients reach it at, as its deploy guide describes).',
      ),
    ];
  const said = {
    unknown: ['note', t('Checking whether clients can reach the booking page at {at}…', values)],
    reachable: ['good', t('Clients can reach the booking page at {at}{checked}.', values)],
    'not-found': ['warn', t('Clients can’t reach the booking page: the address {at} can’t be found on the internet{checked}.', values)],
    inside: ['warn', t('Clients outside can’t reach the booking page: {at} leads inside a network, as {detail}{checked}.', values)],
    certificate: ['warn', t('Clients’ browsers would refuse the booking page at {at}: {detail}{checked}.', values)],
    redirect: ['warn', t('{at} is not where clients end up: {detail}; give that address as the public one{checked}.', values)],
    'other-server': ['warn', t('Clients reach something else at {at}, not this booking server: {detail}{checked}.', values)],
  };
  return said[answer.status] ?? ['warn', t('Clients can’t reach the booking page at {at}: {detail}{checked}.', values)];
}

/** The Settings card: the sentence, and "Check again" once there is an address to check. */
export function reachabilityPart() {
  const sentence = messageArea();
  let asked = 0;
  let timer;
  const show = (answer) => {
    say(sentence, ...reachabilitySentence(answer));
    again.hidden = answer.status === 'unset';
    clearTimeout(timer);
    // Asks again while the server checks, as long as the card is on the page.
    if (answer.checking && asked < ASK_AT_MOST) {
      timer = setTimeout(() => element.isConnected && load(), ASK_AGAIN_MS);
    }
  };
  const load = async () => {
    asked++;
    try {
      show(await api.call('adminGetReachability'));
    } catch (error) {
      sayError(sentence, error);
    }
  };
  const again = button(t('Check again'), (element) =>
    perform(element, t('Checking…'), sentence, async () => {
      asked = 0;
      show(await api.call('adminCheckReachability'));
    }),
  );
  again.hidden = true;
  const element = titledSection(
    { class: 'card', titleId: 'reachability-title', title: t('Booking page from outside') },
    sentence,
    h('div', { class: 'actions' }, again),
  );
  return { element, load };
}
