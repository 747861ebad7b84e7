// Passkeys in the browser: @simplewebauthn/browser (a checked copy in vendor/, loaded the first time
// a passkey is made or used) turns the server's options into navigator.credentials calls and their
// answers back into JSON. Passkeys belong to a host name: opened at an IP address (127.0.0.1), the
// page offers none and says how to open it instead.

import { h } from './dom.js';
import { t } from './locale.js';
import { classicScript } from './ui/classic-script.js';

const loadLibrary = () => classicScript('/vendor/simplewebauthn/index.umd.min.js', 'SimpleWebAuthnBrowser');

/** Whether the page is opened at a name (passkeys need one) in a browser that makes passkeys. */
export function passkeysPossible() {
  const named = !/^[\d.]+$|^\[.*\]$/.test(location.hostname);
  return named && typeof globalThis.PublicKeyCredential === 'function';
}

/** Why passkeys are not offered here, as a sentence, or null when they are. */
export function whyNoPasskeys() {
  if (typeof globalThis.PublicKeyCredential !== 'function') return t('This browser cannot use passkeys.');
  if (!passkeysPossible())
    return t(
      'Passkeys belong to a name, not to an address such as {host}: open the back office by its name (http://localhost on this computer, or the salon’s public address) to add or use one.',
      { host: location.hostname },
    );
  return null;
}

/**
 * On the sign-in form at an address (no passkey button there): where passkeys work instead, with a
 * link to http://localhost on this computer; null when passkeys work here or never in this browser.
 */
export function passkeyElsewhere() {
  if (typeof globalThis.PublicKeyCredential !== 'function' || passkeysPossible()) return null;
  const host = location.hostname;
  if (host === '[::1]' || /^127\./.test(host)) {
    const named = new URL(location.href);
    named.hostname = 'localhost';
    named.hash = '';
    return t('Signing in with a passkey works at the page’s name: {link}', {
      link: h('a', { href: named.href, id: 'passkey-named-link' }, named.origin),
    });
  }
  return t('Signing in with a passkey works at the page’s name (the salon’s public address), not at an address such as {host}.', {
    host,
  });
}

/** An error of the browser's own prompt (cancelled, timed out) as a sentence. */
export function passkeyProblem(error) {
  if (error?.name === 'NotAllowedError' || error?.name === 'AbortError')
    return t('The passkey was not used (the prompt was closed or took too long). Try again when you are ready.');
  if (error?.name === 'InvalidStateError') return t('This device already keeps a passkey for your account.');
  return t('The browser could not use a passkey: {reason}', { reason: error?.message ?? String(error) });
}

/** Makes a passkey with the server's options: the browser's answer, as JSON. */
export async function makePasskey(options) {
  const { startRegistration } = await loadLibrary();
  return startRegistration({ optionsJSON: options });
}

/** Signs in with a passkey with the server's options: the browser's answer, as JSON. */
export async function usePasskey(options) {
  const { startAuthentication } = await loadLibrary();
  return startAuthentication({ optionsJSON: options });
}
