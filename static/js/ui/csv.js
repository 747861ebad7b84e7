// CSV for the salon's accountant and spreadsheets: one header row, CRLF, UTF-8 with a byte order
// mark (so Excel reads "Müller" right), written as a spreadsheet in the page's language reads it
// (commas and decimal points in English; semicolons and decimal commas where numbers are written
// "35,00", as Excel in German expects), and a cell a spreadsheet would run as a formula (=…, @…,
// +… that is not a phone number) written as text.

import { pageLocale } from '../locale.js';
import { downloadText } from './download.js';

const NUMBER_OR_PHONE = /^[+-]?[\d\s()./-]*$/;

/** Between cells and inside numbers, for `locale`: ";" and "," where its decimal mark is a comma, else "," and ".". */
export function spreadsheetMarks(locale = pageLocale()) {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

/** A number written with a decimal point ("35.00", an amount): in the file with the spreadsheet's decimal mark. */
export const csvNumber = (text) => ({ number: String(text) });

function cell(value, { delimiter, decimal }) {
  if (typeof value === 'number' || (value && typeof value === 'object' && 'number' in value))
    return String(typeof value === 'number' ? value : value.number).replace('.', decimal);
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !NUMBER_OR_PHONE.test(text))) text = `'${text}`;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text of `rows` (arrays of cells: text, numbers, csvNumber()s) under `header`. */
export function csvText(header, rows, marks = spreadsheetMarks()) {
  const line = (row) => row.map((value) => cell(value, marks)).join(marks.delimiter);
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
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
