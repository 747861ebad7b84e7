// Sentences the server writes in English for people (an e-mail's outcome, a mail server's
// refusal), said in the page's language: each template is the server's sentence with its parts as
// {names}, the key of its translation, and the pattern that recognises it. A sentence that matches
// none comes out as the server wrote it (a mail server's own answer inside stays as it came).

import { t } from './locale.js';

const escaped = (text) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * `templates` (marked texts) → a function saying a server sentence in the page's language;
 * `parts` (name → function) says a matched part in it too ("{reason}" that is itself a sentence);
 * `shapes` (name → pattern source) narrows what a part may be (an address has no spaces), else
 * any text, as short as the rest of the sentence allows.
 */
export function serverSentences(templates, parts = {}, shapes = {}) {
  const known = templates.map((template) => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const source = escaped(template).replace(/\{(\w+)\}/g, (_, name) => `(${shapes[name] ?? '.+?'})`);
    const pattern = new RegExp(`^${source}$`, 's');
    return { template, names, pattern };
  });
  return (text) => {
    if (typeof text !== 'string') return text;
    for (const { template, names, pattern } of known) {
      const match = pattern.exec(text);
      if (match) return t(template, Object.fromEntries(names.map((name, i) => [name, (parts[name] ?? String)(match[i + 1])])));
    }
    return text;
  };
}
