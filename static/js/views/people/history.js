// One person's account history (#people/<id>, the owner's): invited, passwords chosen and changed,
// sign-ins with their address, passkeys, role changes, links, sessions ended; who did each, newest
// first. An account belongs to the whole installation, so these are not in a salon's Activity.

import { h, isolate } from '../../dom.js';
import { dateTime } from '../../format.js';
import { marked, t, tn } from '../../locale.js';
import { messageArea, perform } from '../../ui/notice.js';
import { itemPage } from '../../ui/pages.js';
import { activityTable } from '../activity/rows.js';
import { whoWords } from '../activity/words.js';
import { roleName } from './words.js';

const PAGE_SIZE = 50;

/** What happened, by the action's verb. */
const HAPPENED = {
  invited: marked('Invited'),
  password_set: marked('Chose a password with a one-time link'),
  password_changed: marked('Changed the password'),
  signed_in: marked('Signed in'),
  signed_out: marked('Signed out'),
  session_ended: marked('Ended a session in another browser'),
  sessions_ended: marked('All sessions ended'),
  link_made: marked('A new one-time link made'),
  updated: marked('Account changed'),
  passkey_added: marked('Passkey added'),
  passkey_removed: marked('Passkey removed'),
};

/** A changed field of the account in words: "Role: Front desk → Owner". */
function changeOf(change, staffName) {
  const value = (v) => {
    if (change.field === 'role') return roleName(v);
    if (change.field === 'staffId') return v === null ? t('no staff member') : staffName(v);
    if (change.field === 'switchedOff') return v ? t('switched off') : t('switched on');
    return v === null || v === undefined || v === '' ? t('none') : String(v);
  };
  const FIELD = { name: t('Name'), email: t('E-mail address'), role: t('Role'), staffId: t('Staff member') };
  if (change.field === 'switchedOff') return change.after ? t('Switched off') : t('Switched on');
  const label = FIELD[change.field] ?? change.field;
  return change.withheld
    ? label
    : t('{field}: {before} → {after}', { field: label, before: value(change.before), after: value(change.after) });
}

/** The details of an entry: the changes, the passkey's name, how many sessions ended, the address. */
function detailsOf(entry, staffName) {
  const verb = entry.action.split('.')[1];
  const after = Object.fromEntries(entry.changes.map((change) => [change.field, change.after]));
  const parts = [];
  if (verb === 'updated') parts.push(...entry.changes.map((change) => changeOf(change, staffName)));
  if (verb === 'invited') {
    parts.push(t('Role: {role}', { role: roleName(after.role) }));
    if (typeof after.staffId === 'number') parts.push(t('Staff member: {name}', { name: isolate(staffName(after.staffId)) }));
  }
  if (verb === 'passkey_added' && typeof after.passkey === 'string') parts.push(isolate(after.passkey));
  if (verb === 'sessions_ended') parts.push(tn(after.sessions ?? 0, '{count} session ended', '{count} sessions ended'));
  if (verb === 'link_made' && after.sessionsEnded) parts.push(t('The old link no longer works; their sessions ended.'));
  if (entry.address) parts.push(t('from {address}', { address: entry.address }));
  return parts.flatMap((part, i) => (i ? ['; ', part] : [part]));
}

function historyRow(entry, staffName) {
  const verb = entry.action.split('.')[1];
  return h(
    'tr',
    { 'data-entry-id': entry.id },
    h('td', null, dateTime(entry.at)),
    h('td', null, isolate(whoWords(entry.actor))),
    h('td', null, HAPPENED[verb] ? t(HAPPENED[verb]) : verb.replace(/_/g, ' ')),
    h('td', { class: 'hint', dir: 'auto' }, detailsOf(entry, staffName)),
  );
}

export async function renderPersonHistory(ctx, id) {
  const [people, staff] = await Promise.all([ctx.api.list('adminListUsers'), ctx.api.list('adminListStaff')]);
  const person = people.find((one) => one.id === id);
  const back = ['#people', t('← People')];
  if (!person) return itemPage({ class: 'person-history' }, back, h('h2', null, t('People')), h('p', null, t('There is no such person.')));
  const staffName = (staffId) => staff.find((member) => member.id === staffId)?.name ?? t('Staff member {id}', { id: staffId });
  const body = h('tbody');
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', hidden: true }, t('Show older entries'));
  const flash = messageArea();
  let page = 0;
  const next = async () => {
    page += 1;
    const answer = await ctx.api.call('adminListUserHistory', { id, query: { page, limit: PAGE_SIZE } });
    body.append(...answer.data.map((entry) => historyRow(entry, staffName)));
    summary.textContent = tn(answer.total, '{count} entry, newest first.', '{count} entries, newest first.');
    more.hidden = page * PAGE_SIZE >= answer.total;
  };
  more.addEventListener('click', () => perform(more, t('Loading…'), flash, next));
  await next();
  return itemPage(
    { class: 'person-history' },
    back,
    h('h2', null, t('History of {name}’s account', { name: isolate(person.name) })),
    h(
      'p',
      { class: 'intro' },
      t('Invitations, passwords, sign-ins and their addresses, passkeys and changes to the account, newest first.'),
    ),
    flash,
    summary,
    activityTable(body),
    more,
  );
}
