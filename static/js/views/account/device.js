// A browser's user agent in a few words ("Firefox on Windows"), for the list of sessions: enough
// to tell one's own devices apart, no version numbers.

import { t } from '../../locale.js';

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (table, text) => table.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on Linux", "Safari on iPhone"; a program that is no browser ("curl/8.5") by its own name. */
export function deviceWords(userAgent) {
  if (!userAgent) return t('An unknown browser');
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (browser && system) return t('{browser} on {system}', { browser, system });
  if (browser || system) return browser ?? system;
  return userAgent.split(/[\s/]/)[0] || t('An unknown browser');
}
