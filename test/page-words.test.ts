import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { type PageScript, pageScripts } from './helpers/page-source.ts';

// The pages say everything in English in their code, through t(), tn() and marked()
// (static/shared/words.js); each other language is a catalog, English text → that language's.
// These hold the code and the catalogs together: every text the code says has its German, no
// catalog keeps a text nobody says, a {value} is in both or neither, and a text goes to t() whole
// (a `${…}` inside it could not be found in any catalog).

const STATIC = path.resolve(import.meta.dirname, '../static');

interface Page {
  name: string;
  /** Which of static/'s scripts are the page's (by their name relative to static/). */
  scripts: (name: string) => boolean;
  /** The page's HTML, whose data-t and data-t-attrs texts are said too. */
  html: string[];
  /** The German catalog's files: one object, split by part of the page. */
  catalogs: string[];
}

const PAGES: Page[] = [
  {
    name: 'the back office',
    scripts: (name) => name.startsWith('js/'),
    html: ['index.html'],
    catalogs: fs
      .readdirSync(path.join(STATIC, 'js/words/de'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => `js/words/de/${file}`),
  },
  {
    name: 'the booking page',
    scripts: (name) => name.startsWith('book/'),
    html: [],
    catalogs: ['book/words/de.json'],
  },
  {
    name: 'the manage page',
    scripts: (name) => name.startsWith('manage/'),
    html: [],
    catalogs: ['manage/words/de.json'],
  },
];

interface Said {
  where: string;
  text: string;
}

const SAYING = new Set(['t', 'tn', 'marked']);

/** What a script says: the literal texts given to t(), tn() (both forms) and marked(); and its mistakes. */
function saidIn(script: PageScript): { said: Said[]; wrong: string[] } {
  const { source } = script;
  const said: Said[] = [];
  const wrong: string[] = [];
  const where = (node: ts.Node) => `${script.name}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SAYING.has(node.expression.text)) {
      const name = node.expression.text;
      const texts = name === 'tn' ? node.arguments.slice(1, 3) : node.arguments.slice(0, 1);
      for (const arg of texts) {
        if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) said.push({ where: where(arg), text: arg.text });
        else if (ts.isTemplateExpression(arg))
          wrong.push(`${where(arg)} ${name}() is given \`${arg.getText(source)}\`: put each value in {name}`);
        else if (name !== 't') wrong.push(`${where(arg)} ${name}() is given ${arg.getText(source)}, not a text`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { said, wrong };
}

/** The texts the page's HTML marks: data-t elements' text, data-t-attrs attributes' values. */
function saidInHtml(file: string): Said[] {
  const html = fs.readFileSync(path.join(STATIC, file), 'utf8');
  const said: Said[] = [];
  const lineAt = (index: number) => html.slice(0, index).split('\n').length;
  for (const match of html.matchAll(/<(\w+)([^>]*)\sdata-t(?:="")?(?=[\s>])([^>]*)>([^<]*)<\/\1>/g)) {
    said.push({ where: `${file}:${lineAt(match.index)}`, text: match[4]!.replace(/\s+/g, ' ').trim() });
  }
  for (const match of html.matchAll(/<\w+([^>]*)\sdata-t-attrs="([^"]*)"([^>]*)>/g)) {
    const attributes = `${match[1]} ${match[3]}`;
    for (const name of match[2]!.split(' ').filter(Boolean)) {
      const value = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
      if (value !== undefined) said.push({ where: `${file}:${lineAt(match.index)}`, text: value });
    }
  }
  return said;
}

const valuesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

for (const page of PAGES) {
  describe(`${page.name}'s words`, () => {
    const scripts = pageScripts().filter((script) => page.scripts(script.name));
    const found = scripts.map(saidIn);
    const said = [...found.flatMap((f) => f.said), ...page.html.flatMap(saidInHtml)];
    const parts = page.catalogs.map((file) => ({
      file,
      words: JSON.parse(fs.readFileSync(path.join(STATIC, file), 'utf8')) as Record<string, unknown>,
    }));
    // A text several parts say (Save, Cancel) may be in each of their parts, said the same way.
    const german = new Map<string, { file: string; text: unknown }[]>();
    for (const { file, words } of parts) {
      for (const [english, text] of Object.entries(words)) german.set(english, [...(german.get(english) ?? []), { file, text }]);
    }

    it('gives t(), tn() and marked() whole texts', () => {
      assert.deepEqual(
        found.flatMap((f) => f.wrong),
        [],
      );
    });

    it('has the German of every text it says', () => {
      const missing = said.filter(({ text }) => !german.has(text)).map(({ where, text }) => `${where} ${JSON.stringify(text)}`);
      assert.deepEqual([...new Set(missing)], []);
    });

    it('keeps no German nobody says', () => {
      const spoken = new Set(said.map(({ text }) => text));
      assert.deepEqual(
        [...german.keys()].filter((english) => !spoken.has(english)),
        [],
      );
    });

    it('has each text in German, the same in every part that has it, with the same {values}', () => {
      const problems: string[] = [];
      for (const [english, places] of german) {
        if (new Set(places.map((p) => p.text)).size > 1) {
          problems.push(`${JSON.stringify(english)} is said differently in ${places.map((p) => p.file).join(' and ')}`);
        }
        for (const { file, text } of places) {
          if (typeof text !== 'string' || text.trim() === '') problems.push(`${file}: ${JSON.stringify(english)} has no German`);
          else if (valuesOf(text).join() !== valuesOf(english).join())
            problems.push(`${file}: ${JSON.stringify(english)} → ${JSON.stringify(text)}: other {values}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  });
}

describe('the words module', () => {
  it('reads the catalog, puts values in, and picks the plural form of the page’s language', async () => {
    const files = new Map([
      ['/de.json', { 'Week of {date}': 'Woche ab {date}', '{count} booking': '{count} Buchung', '{count} bookings': '{count} Buchungen' }],
    ]);
    const realFetch = globalThis.fetch;
    Object.assign(globalThis, { document: { documentElement: { lang: 'en' } } });
    globalThis.fetch = (async (url: string) =>
      new Response(JSON.stringify(files.get(url)), { status: files.has(url) ? 200 : 404 })) as typeof fetch;
    try {
      const words = await import(new URL('../static/shared/words.js', import.meta.url).href);
      assert.equal(words.t('Week of {date}', { date: '23 Nov' }), 'Week of 23 Nov');
      await words.speak('de-DE', () => ['/de.json']);
      assert.equal(words.pageLocale(), 'de-DE');
      assert.equal(words.t('Week of {date}', { date: '23.11.' }), 'Woche ab 23.11.');
      assert.equal(words.tn(1, '{count} booking', '{count} bookings'), '1 Buchung');
      assert.equal(words.tn(1234, '{count} booking', '{count} bookings'), '1.234 Buchungen');
      assert.equal(words.t('Not in the catalog'), 'Not in the catalog');
      const name = { element: 'Grace' };
      assert.deepEqual(words.t('Week of {date}', { date: name }), ['Woche ab ', name], 'an element value makes a list of parts for h()');
      await words.speak('fr-FR', () => ['/de.json']);
      assert.equal(words.pageLocale(), 'en-GB', 'a language the pages do not speak reads English');
      assert.equal(words.t('Week of {date}', { date: 'x' }), 'Week of x');
      await assert.rejects(words.speak('de-AT', () => ['/missing.json']));
      assert.equal(words.pageLocale(), 'en-GB', 'a catalog that cannot be fetched changes nothing');
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
