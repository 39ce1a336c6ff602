/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, quoted when needed), safe against
 * formula injection (OWASP "CSV Injection"): a cell a spreadsheet would run as a formula, one that
 * starts with = + - @ or a tab or carriage return, is prefixed with a single quote so it shows as
 * text. Plain numbers are left alone (as defusedcsv does): "-12.50" cannot run anything, and a
 * quote would make every debit a string.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ending in CRLF. */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Excel opens a UTF-8 file as UTF-8 only when it starts with a byte-order mark. */
export const CSV_BOM = '\uFEFF';
