// The words of the salon's pages in the page's one language. The code says each thing in English,
// as it is read; another language is a catalog beside the page that maps each English text to that
// language's (static/js/words/de/*.json for the back office, book/words/de.json and
// manage/words/de.json for the clients' pages), as gettext does. A text the catalog lacks stays
// English, and test/page-words.test.ts fails for it.
// Texts with a value say where it goes: t('Week of {date}', { date }), so each language keeps its
// own word order. Dates, times and amounts are written by the page's locale (pageLocale()).

/** The languages the pages speak, besides English. */
const CATALOG_LANGUAGES = new Set(['de']);

let locale = 'en-GB';
let catalog = {};

/** The language of a locale or a browser language: "de-AT" → "de". */
export function languageOf(tag) {
  return String(tag).slice(0, 2).toLowerCase();
}

/** Whether the pages have words in this locale's language (English always). */
export function spoken(tag) {
  return languageOf(tag) === 'en' || CATALOG_LANGUAGES.has(languageOf(tag));
}

/**
 * The first of the browser's languages the pages speak, as a locale ("de" → de-DE), or undefined.
 * For what is shown before the salon's own language is known.
 */
export function browserLocale(languages = navigator.languages ?? []) {
  const tag = languages.find(spoken);
  if (!tag) return undefined;
  return tag.includes('-') ? tag : { de: 'de-DE', en: 'en-GB' }[languageOf(tag)];
}

/** The locale the page writes dates, times and amounts in (en-GB, de-DE…). */
export function pageLocale() {
  return locale;
}

/** The page's language: "en", "de". */
export function pageLanguage() {
  return languageOf(locale);
}

/**
 * Speaks `tag`'s language from now on: its catalog is fetched from `catalogUrls(language)` (all of
 * them, merged) unless it is English. A locale the pages do not speak reads English (en-GB).
 * Resolves when the words are in place; a catalog that cannot be fetched leaves the page English.
 */
export async function speak(tag, catalogUrls) {
  const next = tag && spoken(tag) ? tag : 'en-GB';
  const language = languageOf(next);
  if (language === 'en') {
    catalog = {};
  } else if (language !== languageOf(locale) || Object.keys(catalog).length === 0) {
    const parts = await Promise.all(
      catalogUrls(language).map(async (url) => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return response.json();
      }),
    );
    catalog = Object.assign({}, ...parts);
  }
  locale = next;
  document.documentElement.lang = language;
}

/**
 * `text` in the page's language, with each {name} replaced by values[name]. A value that is an
 * element or a list of parts (an isolated name: isolate(), quoted()) makes it a list of parts, the
 * page's words around it, for h(): t('Added {name}.', { name: isolate(client.name) }).
 */
export function t(text, values) {
  const said = catalog[text] ?? text;
  return values ? fillIn(said, values) : said;
}

/**
 * `text` with each {name} replaced by values[name]: a string while every value is one; a list of
 * parts for h() when a value is an element or a list of parts (an isolated name), an element said
 * twice copied the second time. A {name} without a value stays as it is.
 */
export function fillIn(text, values) {
  if (!Object.values(values).some((value) => typeof value === 'object' && value !== null))
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const used = new Set();
  const value = (name) => {
    if (!(name in values)) return `{${name}}`;
    const v = values[name];
    if (typeof v !== 'object' || v === null || !('cloneNode' in v)) return v;
    if (used.has(v)) return v.cloneNode(true);
    used.add(v);
    return v;
  };
  return text
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 === 0 ? part : value(part)))
    .filter((part) => part !== '');
}

/**
 * A text kept in a table and shown later through t(label): marked('Confirmed') is the English as it
 * is, marked so that test/page-words.test.ts asks the catalogs for it (gettext's N_()).
 */
export function marked(text) {
  return text;
}

/**
 * A count with its noun, in the page's language: tn(3, '{count} booking', '{count} bookings').
 * The form is chosen by the language's plural rules; the count is written in the page's locale.
 */
export function tn(count, one, other, values) {
  const form = new Intl.PluralRules(locale).select(count) === 'one' ? one : other;
  return t(form, { ...values, count: count.toLocaleString(locale) });
}

/**
 * Puts the page's words into the elements of `root` written in its HTML: an element with
 * data-t gets its text in the page's language (the English is kept in data-t), and one with
 * data-t-attrs="title aria-label" the same for those attributes (kept in data-t-title…).
 * It can run again after the language changed.
 */
export function translateMarked(root) {
  for (const el of root.querySelectorAll('[data-t]')) {
    if (!el.dataset.t) el.dataset.t = el.textContent.trim();
    el.textContent = t(el.dataset.t);
  }
  for (const el of root.querySelectorAll('[data-t-attrs]')) {
    for (const name of el.dataset.tAttrs.split(' ').filter(Boolean)) {
      const keep = `data-t-${name}`;
      if (!el.hasAttribute(keep)) el.setAttribute(keep, el.getAttribute(name) ?? '');
      el.setAttribute(name, t(el.getAttribute(keep)));
    }
  }
}

/** One Intl formatter per kind, options and locale, made when first asked for. */
const formatters = new Map();
export function intl(Kind, options) {
  const key = `${Kind.name}|${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Kind(locale, options)));
  return format;
}

/**
 * The clients' pages (booking, manage): their words in `tag`'s language from words/<language>.json
 * beside the page. A catalog that cannot be fetched leaves the page English.
 */
export function speakBesidePage(tag) {
  return speak(tag, (language) => [`words/${language}.json`]).catch(() => {});
}
