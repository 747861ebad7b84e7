import type { AuditJson } from './activity.presenter.ts';

/** The CSV's columns, in order. */
const HEADER = ['time', 'who', 'who_kind', 'who_id', 'action', 'what', 'what_id', 'changes', 'request_id', 'address'];

/**
 * A cell: quoted when it holds a comma, a quote or a line break, and a text a spreadsheet would
 * take for a formula (=, +, -, @ first) kept as text with a leading apostrophe (OWASP's CSV
 * injection advice).
 */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function shown(value: unknown): string {
  return value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
}

function changesText(entry: AuditJson): string {
  return entry.changes.map((c) => (c.withheld ? `${c.field}: changed` : `${c.field}: ${shown(c.before)} → ${shown(c.after)}`)).join('; ');
}

/** The entries as CSV (RFC 4180, CRLF line ends), one line per entry under a header line. */
export function auditCsv(entries: readonly AuditJson[]): string {
  const lines = [HEADER.join(',')];
  for (const e of entries) {
    lines.push(
      [e.at, e.actor.name, e.actor.kind, e.actor.id, e.action, e.target.kind, e.target.id, changesText(e), e.requestId, e.address]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
