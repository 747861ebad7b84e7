// A library that comes as a classic script from our own origin (script-src 'self'), loaded the
// first time it is needed and once: the calendar view, the passkey helpers.

import { h } from '../dom.js';

const loading = new Map();

/** The global `name` that the script at `src` defines, once it has loaded; a failed load is tried again next time. */
export function classicScript(src, name) {
  if (globalThis[name]) return Promise.resolve(globalThis[name]);
  if (!loading.has(src))
    loading.set(
      src,
      new Promise((resolve, reject) => {
        const script = h('script', { src });
        script.addEventListener('load', () => resolve(globalThis[name]));
        script.addEventListener('error', () => {
          loading.delete(src);
          script.remove();
          reject(new Error(`${src} did not load`));
        });
        document.head.append(script);
      }),
    );
  return loading.get(src);
}
