// CSV for the salon's accountant and spreadsheets: one header row, commas, CRLF, UTF-8 with a byte
// order mark (so Excel reads "Müller" right), and a cell a spreadsheet would run as a formula
// (=…, @…, +… that is not a phone number) written as text.

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
export function downloadCsv(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
