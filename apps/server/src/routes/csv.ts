/**
 * CSV (RFC 4180) for exports staff open in a spreadsheet. A cell a spreadsheet would read as a
 * formula (starting with = + - @, or a tab or carriage return that hides one) is prefixed with a
 * single quote, so it is shown as text and never run (OWASP "CSV injection"); then any cell with
 * a quote, comma or line break is quoted, its quotes doubled. Lines end with CRLF.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
