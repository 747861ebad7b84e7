// The owner's own account, made by the first run (issue 23): the access code opens the back office
// once, and its first step makes the owner a person who signs in with an e-mail address and a
// password. The page then holds the session's cookie, never the code: the code stays for scripts,
// the command line and recovery.

import { api, session } from './api.js';
import { h } from './dom.js';
import { t } from './locale.js';
import { errorNotice, notice } from './ui/notice.js';

const $ = (id) => document.getElementById(id);

/**
 * Whether the page, signed in with the access code, must make the owner's account first: nobody
 * can sign in with a password yet. No answer from the server: not now (the page opens as before,
 * rather than standing in front of a form it cannot send).
 */
export async function needsFirstAccount(me) {
  if (me?.via !== 'token') return false;
  try {
    return (await api.call('adminGetSignInStatus', { quiet: true, token: '' })).accounts === false;
  } catch {
    return false;
  }
}

/**
 * The invitation the owner's link comes from. An earlier try that was invited but never chose its
 * password (the server out of reach in between) left an owner with this address: their link again.
 */
async function ownerInvitation(name, email) {
  try {
    return await api.call('adminInviteUser', { body: { name, email, role: 'owner' }, quiet: true });
  } catch (error) {
    if (error.code !== 'email_taken') throw error;
    const { data } = await api.call('adminListUsers', { quiet: true });
    const earlier = data.find((user) => user.email === email.toLowerCase() && user.role === 'owner' && user.status === 'invited');
    if (!earlier) throw error;
    if (earlier.name !== name) await api.call('adminUpdateUser', { id: earlier.id, body: { name }, quiet: true });
    return api.call('adminMakeUserLink', { id: earlier.id, quiet: true });
  }
}

/** The form, built while it is shown: its labels would otherwise double the sign-in's and the welcome's. */
function accountForm() {
  const field = (id, label, props) => [h('label', { for: id }, label), h('input', { id, required: true, ...props })];
  return h(
    'form',
    { id: 'first-account-form', method: 'post', action: '/', autocomplete: 'on' },
    h(
      'p',
      null,
      t(
        'You are the salon’s owner. Make your own account first: from now on you sign in with your e-mail address and password (or a passkey), and you can invite your team. The access code stays for scripts, and for the day a password is lost.',
      ),
    ),
    field('first-account-name', t('Your name'), { name: 'name', autocomplete: 'name', maxLength: 100 }),
    field('first-account-email', t('E-mail address'), { name: 'email', type: 'email', autocomplete: 'username', maxLength: 254 }),
    field('first-account-password', t('Password'), {
      name: 'password',
      type: 'password',
      autocomplete: 'new-password',
      minLength: 10,
      'aria-describedby': 'first-account-hint',
    }),
    h(
      'p',
      { id: 'first-account-hint', class: 'hint' },
      t('At least 10 characters: a few words in a row are easy to remember and hard to guess.'),
    ),
    field('first-account-again', t('The same password again'), { name: 'again', type: 'password', autocomplete: 'new-password' }),
    h('div', { id: 'first-account-message', class: 'message-area', role: 'alert' }),
    h('button', { type: 'submit', class: 'primary' }, t('Make my account and go on')),
  );
}

/** The form's answer: the owner's account made and signed in by its cookie, the access code forgotten here. */
async function makeAccount(form) {
  const message = $('first-account-message');
  const name = $('first-account-name').value.trim();
  const email = $('first-account-email').value.trim();
  const password = $('first-account-password').value;
  if (password !== $('first-account-again').value) {
    message.replaceChildren(notice('error', t('The two passwords are not the same. Type the new one twice, the same way.')));
    return false;
  }
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    const invited = await ownerInvitation(name, email);
    const secret = new URL(invited.link).hash.replace(/^#welcome\//, '');
    await api.call('adminUseLink', { body: { link: secret, password }, quiet: true, token: '' });
    session.clear();
    session.personHint = true;
    form.reset();
    message.replaceChildren();
    return true;
  } catch (error) {
    message.replaceChildren(errorNotice(error));
    return false;
  } finally {
    button.disabled = false;
  }
}

/** Shows the form alone (the other sections hidden by the caller); `done` runs once the owner is signed in. */
export function showFirstAccount(done) {
  const form = accountForm();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!(await makeAccount(form))) return;
    hideFirstAccount();
    await done();
  });
  const section = $('first-account');
  section.replaceChildren(h('h1', null, t('Your account')), form);
  section.hidden = false;
  $('first-account-name').focus();
}

/** Hides the form (another screen is shown), and forgets what was typed in it. */
export function hideFirstAccount() {
  const section = $('first-account');
  section.hidden = true;
  section.replaceChildren();
}
