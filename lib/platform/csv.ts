/**
 * CSV for the back office's exports (the audit log, the newsletter subscribers): one cell, made
 * safe for a spreadsheet. Pure.
 */

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a value a spreadsheet would run
 * as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of cells (without its line break). */
export const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(",");

/** The byte-order mark a CSV export starts with, so a spreadsheet reads it as UTF-8 (the rupee sign, names). */
export const CSV_BOM = "\uFEFF";
