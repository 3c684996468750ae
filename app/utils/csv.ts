/*
 * CSV that spreadsheets open correctly (docs/product.md#teachers, the results export): RFC 4180 quoting, CRLF
 * line ends, UTF-8 with a byte-order mark (so Excel reads names with accents), and no formula injection: a text
 * cell that a spreadsheet would read as a formula gets a leading apostrophe, which shows it as plain text.
 */

export type CsvValue = string | number | null | undefined;

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's list: = + - @ tab CR). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Cells with these are quoted: the separator, the quote, a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_BOM = "\uFEFF";
const LINE_END = "\r\n";

/**
 * One cell. Numbers are written as they are (a number is never a formula); text starting like a formula gets an
 * apostrophe in front; text with a comma, quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A whole file: the byte-order mark, then every row ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + rows.map((row) => csvRow(row) + LINE_END).join("");
}

/** The longest file name safeFileName makes, extension aside. */
const MAX_FILE_NAME = 60;

function slugOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A file name safe in a Content-Disposition header on every system: ASCII letters, digits and dashes, at most 60
 * before the extension. `kept` (the export's date, say) is always there whole, at the end: only `base` is trimmed
 * to make room (docs/product.md#teachers, the results download).
 */
export function safeFileName(base: string, extension: string, kept = ""): string {
  const tail = slugOf(kept).slice(0, MAX_FILE_NAME);
  const room = tail ? MAX_FILE_NAME - tail.length - 1 : MAX_FILE_NAME;
  const head = slugOf(base).slice(0, Math.max(0, room)).replace(/-+$/, "");
  return `${[head, tail].filter(Boolean).join("-") || "file"}.${extension}`;
}
