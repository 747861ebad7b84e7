// CSV for the salon's accountant and spreadsheets: one header row, commas, CRLF, UTF-8 with a byte
// order mark (so Excel reads "Müller" right), and a cell a spreadsheet would run as a formula
// (=…, @…, +… that is not a phone number) written as text.

import { downloadText } from './download.js';

const NUMBER_OR_PHONE = /^[+-]?[\d\s()./-]*$/;

function cell(value) {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !NUMBER_OR_PHONE.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of `rows` (arrays of cells) under `header`. */
export function csvText(header, rows) {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Hands `text` to the browser as a download named `name`. */
export const downloadCsv = (name, text) => downloadText(name, text, 'text/csv;charset=utf-8');

/** The delimiter of a file's first line: the one of , ; and tab it uses most (Excel in German writes ;). */
function delimiterOf(text) {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, line.split(d).length]);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/** A CSV file's text as rows of cells: quotes, doubled quotes and line breaks inside quotes read as Excel writes them. */
export function parseCsv(text) {
  const source = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(source);
  const rows = [[]];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    rows.at(-1).push(cell);
    cell = '';
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted && char === '"' && source[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) cell += char;
    else if (char === delimiter) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endCell();
      rows.push([]);
    } else cell += char;
  }
  endCell();
  return rows.filter((row) => row.some((value) => value.trim() !== ''));
}
