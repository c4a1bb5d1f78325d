/**
 * CSV as the order export writes it (issue #28): RFC 4180 quoting, and formula injection neutralised as OWASP's
 * "CSV Injection" page advises — a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
 * with a single quote, so a spreadsheet shows it as text instead of running it (a buyer's e-mail `=cmd|…@x.com`).
 * Small enough to keep here with its tests rather than take a CSV library for one writer.
 */

/** The UTF-8 byte order mark: Excel reads a CSV as UTF-8 (Chinese text intact) only when the file starts with it. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null/undefined, neutralised when it could start a formula, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
