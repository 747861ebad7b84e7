// Clients from another salon program's file: the page reads the CSV (its columns named as the big
// tools export them, in English or German), the server says what would happen to each row (new,
// merged into a client the salon has, refused and why), and one press imports all of it at once.
// load (the file) → state (the preview) → render, with its two actions.

import { h, isolate } from '../../dom.js';
import { marked, t, tn } from '../../locale.js';
import { parseCsv } from '../../ui/csv.js';
import { field } from '../../ui/fields.js';
import { messageArea, perform, say } from '../../ui/notice.js';
import { titledSection } from '../../ui/pages.js';

/** A column's heading, lower case and without spaces, dashes or dots, → what it holds. */
const COLUMNS = {
  name: ['name', 'fullname', 'clientname', 'customername', 'client', 'customer', 'kunde', 'kundenname'],
  first: ['firstname', 'givenname', 'vorname'],
  last: ['lastname', 'surname', 'familyname', 'nachname'],
  email: ['email', 'emailaddress', 'mail', 'emailadresse'],
  phone: [
    'phone',
    'mobile',
    'mobilenumber',
    'mobilephone',
    'phonenumber',
    'telephone',
    'tel',
    'telefon',
    'telefonnummer',
    'handy',
    'mobil',
    'mobilnummer',
  ],
  notes: ['notes', 'note', 'comments', 'comment', 'clientnotes', 'notizen', 'notiz', 'bemerkungen', 'anmerkungen'],
};
const OUTCOME_WORDS = { new: marked('New client'), merge: marked('Added to the client you have') };
const ADDS_WORDS = { email: marked('e-mail address'), phone: marked('phone'), notes: marked('notes') };

/** The column of each field in the heading row (undefined where the file has none). */
function columnsOf(heading) {
  const keys = heading.map((title) => title.toLowerCase().replace(/[\s._-]/g, ''));
  return Object.fromEntries(Object.entries(COLUMNS).map(([field, names]) => [field, keys.findIndex((key) => names.includes(key))]));
}

/** The file's rows as the API takes them, or the problem with the file. */
export function clientRows(text) {
  const [heading = [], ...lines] = parseCsv(text);
  const at = columnsOf(heading);
  if (at.name < 0 && at.first < 0 && at.last < 0)
    return { problem: t('The file has no column of names (Name, or First name and Last name) in its first row.') };
  if (lines.length === 0) return { problem: t('The file has no clients under its first row.') };
  const cell = (line, index) => (index >= 0 ? (line[index] ?? '').trim() : '');
  const rows = lines.map((line) => ({
    name: cell(line, at.name) || [cell(line, at.first), cell(line, at.last)].filter(Boolean).join(' '),
    email: cell(line, at.email),
    phone: cell(line, at.phone),
    notes: cell(line, at.notes),
  }));
  return { rows };
}

function previewTable(preview) {
  return h(
    'table',
    { class: 'report-table import-preview' },
    h('caption', null, t('What happens to each row')),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        [t('Row'), t('Name'), t('What happens')].map((label) => h('th', { scope: 'col' }, label)),
      ),
    ),
    h(
      'tbody',
      null,
      preview.rows.map((row) =>
        h(
          'tr',
          { 'data-outcome': row.outcome },
          h('td', null, String(row.row)),
          h('td', null, isolate(row.name)),
          h(
            'td',
            null,
            row.outcome === 'refused'
              ? t('Left out: {reason}', { reason: row.reason })
              : row.adds.length
                ? t('Added to the client you have: adds {fields}', { fields: row.adds.map((a) => t(ADDS_WORDS[a] ?? a)).join(', ') })
                : t(OUTCOME_WORDS[row.outcome] ?? row.outcome),
          ),
        ),
      ),
    ),
  );
}

const summary = (p) =>
  t('{new}, {merged}, {refused}.', {
    new: tn(p.new, '{count} new client', '{count} new clients'),
    merged: tn(p.merged, '{count} row for clients you have', '{count} rows for clients you have'),
    refused: tn(p.refused, '{count} row left out', '{count} rows left out'),
  });

/** The section: a file picked is read and previewed; "Import" writes what the preview says. */
export function importPart(ctx) {
  const file = h('input', { id: 'import-file', type: 'file', accept: '.csv,text/csv' });
  const messages = messageArea();
  const preview = h('div', { class: 'import-preview-area' });
  const run = (rows, apply) => ctx.api.call('adminImportClients', { body: { rows, apply } });
  const show = (rows, answer) => {
    const go = h(
      'button',
      { type: 'button', class: 'primary' },
      tn(answer.new + answer.merged, 'Import {count} row', 'Import {count} rows'),
    );
    go.addEventListener('click', () =>
      perform(go, t('Importing…'), messages, async () => {
        const done = await run(rows, true);
        preview.replaceChildren();
        file.value = '';
        say(messages, 'good', t('Imported: {summary}', { summary: summary(done) }));
      }),
    );
    preview.replaceChildren(
      h('p', null, summary(answer)),
      previewTable(answer),
      answer.new + answer.merged ? h('div', { class: 'actions' }, go) : null,
    );
  };
  file.addEventListener('change', async () => {
    preview.replaceChildren();
    messages.replaceChildren();
    const picked = file.files?.[0];
    if (!picked) return;
    const read = clientRows(await picked.text());
    if (read.problem) return say(messages, 'error', read.problem);
    try {
      show(read.rows, await run(read.rows, false));
    } catch (error) {
      say(messages, 'error', error.sentence ?? String(error));
    }
  });
  return titledSection(
    { class: 'card import no-print', titleId: 'import-title', title: t('Clients from another program') },
    field(
      t('CSV file of clients'),
      file,
      t(
        'The export of your previous booking program: a column of names (or first and last names), and e-mail, phone and notes where it has them. You see what happens to each row before anything is imported.',
      ),
    ),
    messages,
    preview,
  );
}
