import { IST_OFFSET_MS } from "@/lib/platform/format";
import { z } from "@/lib/platform/zod";

/**
 * Cash on Delivery reconciliation, the pure part (docs/back-office.md "Cash on Delivery
 * reconciliation", decision 0062): reading a courier's remittance file (its header in the
 * spellings couriers use, rupee amounts with ₹ and commas, Indian dates), what a row makes of the
 * parcel its AWB names (the matcher), and the receivable's age buckets. No database and nothing
 * server-only: the server (./server/cod-remittances.ts) and the back office's pages share it.
 */

export const COD_CSV_LIMITS = { maxBytes: 512 * 1024, maxRows: 5_000 } as const;

/** A delivered COD parcel is "missing" from the remittances once it was delivered this many days ago (the courier's cycle, with room to spare). */
export const COD_OVERDUE_DAYS = 15;

export const COD_MESSAGES = {
  empty: "The file is empty: send the courier's CSV with its header row (AWB, amount, date).",
  tooLarge: `The file is larger than ${COD_CSV_LIMITS.maxBytes / 1024} KB: split it.`,
  tooManyRows: `The file has more than ${COD_CSV_LIMITS.maxRows.toLocaleString("en-IN")} rows: split it.`,
  noRows: "The file has a header but no rows.",
  encoding: "The file is not UTF-8 text: save it as CSV UTF-8 (comma delimited).",
  unreadable: (line: number, reason: string) => `Line ${line} cannot be read as CSV: ${reason}`,
  missingColumn: (what: string, looked: readonly string[]) => `The header has no ${what} column (looked for ${looked.map((l) => `"${l}"`).join(", ")}).`,
  repeatedColumn: (name: string) => `The column "${name}" is named twice.`,
  awbEmpty: "The AWB is empty.",
  awbShortened: (awb: string) => `The AWB ${awb} was shortened by a spreadsheet into a number with an exponent: format the AWB column as text and export again.`,
  awbBad: (awb: string) => `The AWB "${awb}" is not 4 to 40 letters, digits or hyphens.`,
  amountBad: (amount: string) => `The amount "${amount}" is not a number of rupees (like 1499, ₹1,499.50).`,
  amountNegative: (amount: string) => `The amount "${amount}" is below zero.`,
  amountTooLarge: (amount: string) => `The amount "${amount}" is more than ₹1,00,00,000.`,
  dateBad: (date: string) => `The date "${date}" is not a date (like 2026-11-20, 20/11/2026 or 20-Nov-2026; day before month).`,
  dateFuture: (date: string) => `The date "${date}" is in the future.`,
  fileRefused: (count: number) => `${count === 1 ? "1 row has" : `${count} rows have`} errors: nothing was recorded. Correct the file and upload it again.`,
  notFound: "Remittance not found.",
  nothingWritten: "Nothing was recorded.",
} as const;

/* ---------------------------------------------------------------------------------------------
 * The header
 * ------------------------------------------------------------------------------------------- */

/** A header cell as compared: lower case, the currency marks and punctuation gone ("COD Amount (₹)" → "cod amount"). */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .replace(/₹|\(\s*(rs\.?|inr|₹)\s*\)|\bin\s+(rs\.?|inr)\b/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\bno\b|\bnum\b|\bnumber\b|\bnbr\b/g, "no")
    .replace(/\s+/g, " ");
}

/**
 * The spellings of each column, best first: when a file has two that fit ("COD Amount" and
 * "Remitted Amount"), the earlier in the list is the one read (the money the courier says it paid).
 */
export const COD_HEADERS = {
  awb: ["awb", "awb no", "awbno", "awb code", "awb id", "airway bill no", "airway bill", "airwaybill", "airwaybill no", "air waybill", "air waybill no", "waybill", "waybill no", "tracking no", "tracking id", "tracking code", "tracking"],
  amount: ["remitted amount", "remittance amount", "amount remitted", "cod remitted", "cod amount remitted", "collected amount", "cod collected", "amount", "cod amount", "cod amt", "cod value", "cod", "amt", "value"],
  date: ["remittance date", "remitted on", "remitted date", "remit date", "date", "payment date", "paid on", "credited on", "credit date", "settlement date", "deposit date", "utr date", "crf date", "transaction date", "delivered date", "delivery date"],
} as const;

export type CodColumn = keyof typeof COD_HEADERS;
const COLUMN_NAMES: Record<CodColumn, string> = { awb: "AWB", amount: "amount", date: "date" };

/** Where each of the three columns is in the header, or why the header cannot be read. */
export function findColumns(header: readonly string[]): { ok: true; at: Record<CodColumn, number> } | { ok: false; message: string } {
  const keys = header.map(headerKey);
  const at: Partial<Record<CodColumn, number>> = {};
  for (const column of Object.keys(COD_HEADERS) as CodColumn[]) {
    for (const alias of COD_HEADERS[column]) {
      const first = keys.indexOf(alias);
      if (first < 0) continue;
      if (keys.indexOf(alias, first + 1) >= 0) return { ok: false, message: COD_MESSAGES.repeatedColumn(header[first]?.trim() ?? alias) };
      at[column] = first;
      break;
    }
    if (at[column] === undefined) return { ok: false, message: COD_MESSAGES.missingColumn(COLUMN_NAMES[column], COD_HEADERS[column].slice(0, 4)) };
  }
  return { ok: true, at: at as Record<CodColumn, number> };
}

/* ---------------------------------------------------------------------------------------------
 * Cells
 * ------------------------------------------------------------------------------------------- */

const MAX_PAISE = 1_00_00_000_00;

/** Rupees as couriers write them ("1499", "1,499.50", "₹ 1,23,456", "Rs. 799", "INR 799.5") to paise; a message when it is not. */
export function parseRupees(text: string): { ok: true; paise: number } | { ok: false; message: string } {
  const raw = text.trim();
  const bare = raw
    .replace(/^(₹|rs\.?|inr)\s*/i, "")
    .replace(/\s*(₹|rs\.?|inr)$/i, "")
    .replace(/\s+/g, "");
  if (/^-/.test(bare) || /^\(.*\)$/.test(bare)) return { ok: false, message: COD_MESSAGES.amountNegative(raw) };
  // Commas only between digits (Indian or Western grouping); at most two decimals.
  if (!/^\d{1,3}(,\d{2,3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(bare)) return { ok: false, message: COD_MESSAGES.amountBad(raw) };
  const [whole, fraction = ""] = bare.replace(/,/g, "").split(".");
  if ((whole ?? "").replace(/^0+/, "").length > 8) return { ok: false, message: COD_MESSAGES.amountTooLarge(raw) };
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (paise > MAX_PAISE) return { ok: false, message: COD_MESSAGES.amountTooLarge(raw) };
  return { ok: true, paise };
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** "Nov", "nov", "November", "Sept" → 11, 9; 0 when it is no month. */
const monthOf = (word: string) => {
  const w = word.toLowerCase();
  const i = MONTHS.indexOf(w.slice(0, 3));
  const full = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"][i];
  return i >= 0 && full !== undefined && full.startsWith(w) ? i + 1 : 0;
};

const pad = (n: number) => String(n).padStart(2, "0");

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in India, YYYY-MM-DD. */
export const indiaToday = (now: Date = new Date()) => new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * A date as a courier's file writes it, to YYYY-MM-DD: 2026-11-20 (with a time after it or not),
 * 20/11/2026, 20-11-2026, 20.11.26 (day first, as in India), 20-Nov-2026, 20 Nov 2026, Nov 20, 2026.
 * A date after today (in India) is refused: a remittance is money that arrived.
 */
export function parseRemittanceDate(text: string, today: string): { ok: true; date: string } | { ok: false; message: string } {
  const raw = text.trim();
  let date: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(raw))) date = calendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
  else if ((m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s+[0-9:.]+(?:\s*[ap]m)?)?$/i.exec(raw))) date = calendarDate(Number(m[3]), Number(m[2]), Number(m[1]));
  else if ((m = /^(\d{1,2})[\s-]([a-z]{3,9})[\s,-]+(\d{4}|\d{2})$/i.exec(raw))) {
    const month = monthOf(m[2] ?? "");
    date = month ? calendarDate(Number(m[3]), month, Number(m[1])) : null;
  } else if ((m = /^([a-z]{3,9})\s+(\d{1,2}),?\s+(\d{4})$/i.exec(raw))) {
    const month = monthOf(m[1] ?? "");
    date = month ? calendarDate(Number(m[3]), month, Number(m[2])) : null;
  }
  if (!date) return { ok: false, message: COD_MESSAGES.dateBad(raw) };
  if (date > today) return { ok: false, message: COD_MESSAGES.dateFuture(raw) };
  return { ok: true, date };
}

const AWB = /^[A-Za-z0-9-]{4,40}$/;

/** An AWB as a file writes it: trimmed, a spreadsheet's leading apostrophe dropped, upper case; refused when a spreadsheet turned it into 1.23E+13. */
export function parseAwb(text: string): { ok: true; awb: string } | { ok: false; message: string } {
  const raw = text.trim().replace(/^'/, "").trim();
  if (!raw) return { ok: false, message: COD_MESSAGES.awbEmpty };
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(raw)) return { ok: false, message: COD_MESSAGES.awbShortened(raw) };
  if (!AWB.test(raw)) return { ok: false, message: COD_MESSAGES.awbBad(raw.slice(0, 60)) };
  return { ok: true, awb: raw.toUpperCase() };
}

/* ---------------------------------------------------------------------------------------------
 * Rows
 * ------------------------------------------------------------------------------------------- */

/** A row of the file as read: its line number in the file (the header is line 1). */
export type RemittanceRow = { row: number; awb: string; amount: number; date: string };
export type RowError = { row: number; column: CodColumn | "file"; message: string };

/**
 * The file's records (the header first) checked: every row's AWB, amount and date, or every
 * problem of every row (so one upload shows them all). Blank rows are skipped; a record's line
 * number is its index + 1 (csv-parse gives one record per line for these files).
 */
export function readRemittanceRecords(records: readonly (readonly string[])[], today: string, lineOf: (index: number) => number = (i) => i + 1): { ok: true; rows: RemittanceRow[] } | { ok: false; message: string; errors: RowError[] } {
  const [header, ...body] = records;
  if (!header || header.every((c) => c.trim() === "")) return { ok: false, message: COD_MESSAGES.empty, errors: [{ row: 1, column: "file", message: COD_MESSAGES.empty }] };
  const columns = findColumns(header);
  if (!columns.ok) return { ok: false, message: columns.message, errors: [{ row: 1, column: "file", message: columns.message }] };
  const rows: RemittanceRow[] = [];
  const errors: RowError[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) return;
    const row = lineOf(i + 1);
    const awb = parseAwb(cells[columns.at.awb] ?? "");
    const amount = parseRupees(cells[columns.at.amount] ?? "");
    const date = parseRemittanceDate(cells[columns.at.date] ?? "", today);
    if (!awb.ok) errors.push({ row, column: "awb", message: awb.message });
    if (!amount.ok) errors.push({ row, column: "amount", message: amount.message });
    if (!date.ok) errors.push({ row, column: "date", message: date.message });
    if (awb.ok && amount.ok && date.ok) rows.push({ row, awb: awb.awb, amount: amount.paise, date: date.date });
  });
  if (errors.length) return { ok: false, message: COD_MESSAGES.fileRefused(new Set(errors.map((e) => e.row)).size), errors };
  if (!rows.length) return { ok: false, message: COD_MESSAGES.noRows, errors: [{ row: 1, column: "file", message: COD_MESSAGES.noRows }] };
  if (rows.length > COD_CSV_LIMITS.maxRows) return { ok: false, message: COD_MESSAGES.tooManyRows, errors: [{ row: 1, column: "file", message: COD_MESSAGES.tooManyRows }] };
  return { ok: true, rows };
}

/** Per-row errors as the API's `errors` object: "row 3" → its messages. */
export function rowErrorsByRow(errors: readonly RowError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) (out[e.row === 1 && e.column === "file" ? "file" : `row ${e.row}`] ??= []).push(e.message);
  return out;
}

/* ---------------------------------------------------------------------------------------------
 * The matcher
 * ------------------------------------------------------------------------------------------- */

export const OUTCOMES = ["matched", "short", "over", "unknown", "not_cod", "not_delivered", "already_remitted", "duplicate"] as const;
export type Outcome = (typeof OUTCOMES)[number];
/** The outcomes that mark the parcel remitted (the courier named it and paid something for it). */
export const REMITTING: readonly Outcome[] = ["matched", "short", "over"];

export const OUTCOME_LABELS: Record<Outcome, string> = {
  matched: "Matched",
  short: "Short",
  over: "Over",
  unknown: "Unknown AWB",
  not_cod: "Not a COD parcel",
  not_delivered: "Not delivered",
  already_remitted: "Already remitted",
  duplicate: "Twice in this file",
};

/** What the store knows of the parcel an AWB names. */
export type ParcelFacts = {
  shipmentId: number;
  orderId: number;
  orderCode: string;
  /** Paise to collect; null for a prepaid parcel. */
  codAmount: number | null;
  delivered: boolean;
  /** The remittance that paid for it already, if any. */
  remittanceId: number | null;
};

export type RowVerdict = {
  outcome: Outcome;
  shipmentId: number | null;
  orderId: number | null;
  orderCode: string | null;
  expected: number | null;
  /** amount − expected, for a COD parcel's row; null otherwise. */
  difference: number | null;
  otherRemittanceId: number | null;
};

/**
 * What each row makes of the parcel its AWB names (`parcels` by upper-case AWB): a delivered COD
 * parcel not yet remitted is matched, short or over by the amount; the second row of an AWB in the
 * same file is a duplicate; the rest say why nothing is done. Pure: the server calls it again in
 * its transaction, and the remitting outcomes are then held by the conditional update.
 */
export function matchRows(rows: readonly RemittanceRow[], parcels: ReadonlyMap<string, ParcelFacts>): RowVerdict[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const p = parcels.get(r.awb);
    const base = { shipmentId: p?.shipmentId ?? null, orderId: p?.orderId ?? null, orderCode: p?.orderCode ?? null, expected: p?.codAmount ?? null, difference: null, otherRemittanceId: null };
    if (seen.has(r.awb)) return { ...base, outcome: "duplicate" };
    seen.add(r.awb);
    if (!p) return { ...base, outcome: "unknown" };
    if (p.codAmount === null) return { ...base, outcome: "not_cod" };
    const difference = r.amount - p.codAmount;
    if (!p.delivered) return { ...base, difference, outcome: "not_delivered" };
    if (p.remittanceId !== null) return { ...base, difference, outcome: "already_remitted", otherRemittanceId: p.remittanceId };
    return { ...base, difference, outcome: difference === 0 ? "matched" : difference < 0 ? "short" : "over" };
  });
}

/** What a verdict tells the person who uploaded the file, one sentence. */
export function verdictMessage(v: Pick<RowVerdict, "outcome" | "difference" | "otherRemittanceId" | "orderCode">, money: (paise: number) => string): string {
  const order = v.orderCode ? `order ${v.orderCode}` : "";
  switch (v.outcome) {
    case "matched":
      return `Remitted in full for ${order}.`;
    case "short":
      return `Remitted for ${order}, ${money(-(v.difference ?? 0))} short of its COD amount.`;
    case "over":
      return `Remitted for ${order}, ${money(v.difference ?? 0)} more than its COD amount.`;
    case "unknown":
      return "No shipment of this store has this AWB.";
    case "not_cod":
      return `The parcel of ${order} was prepaid: there was no cash to collect.`;
    case "not_delivered":
      return `The parcel of ${order} is not delivered: its cash cannot have been collected.`;
    case "already_remitted":
      return `Already remitted (remittance #${v.otherRemittanceId ?? "?"}): not counted again.`;
    case "duplicate":
      return "This AWB is in the file twice: only its first row counts.";
  }
}

/* ---------------------------------------------------------------------------------------------
 * The receivable's age
 * ------------------------------------------------------------------------------------------- */

export const AGE_BUCKETS = [
  { key: "0-7", label: "0–7 days", from: 0, to: 7 },
  { key: "8-15", label: "8–15 days", from: 8, to: 15 },
  { key: "16-30", label: "16–30 days", from: 16, to: 30 },
  { key: "31+", label: "More than 30 days", from: 31, to: null },
] as const;
export type AgeBucketKey = (typeof AGE_BUCKETS)[number]["key"];
export const AGE_BUCKET_KEYS = AGE_BUCKETS.map((b) => b.key) as [AgeBucketKey, ...AgeBucketKey[]];

const DAY_MS = 86_400_000;

/** Whole days since delivery (24-hour periods). */
export const ageInDays = (deliveredAt: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(deliveredAt)) / DAY_MS));

export function bucketOf(days: number): AgeBucketKey {
  for (const b of AGE_BUCKETS) if (b.to === null || days <= b.to) return b.key;
  return "31+";
}

/**
 * The delivery times a bucket spans, as instants: delivered after `after` (exclusive) and at or
 * before `upTo`; null for an open end. Age d days means now − (d+1) days < delivered ≤ now − d days.
 */
export function bucketRange(key: AgeBucketKey, now: Date): { after: string | null; upTo: string | null } {
  const b = AGE_BUCKETS.find((x) => x.key === key) ?? AGE_BUCKETS[0];
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return { after: b.to === null ? null : at(b.to + 1), upTo: b.from === 0 ? null : at(b.from) };
}

/* ---------------------------------------------------------------------------------------------
 * Inputs
 * ------------------------------------------------------------------------------------------- */

const courier = z
  .string({ error: "Name the courier (as on its statement), 2 to 80 characters." })
  .trim()
  .min(2, { error: "Name the courier (as on its statement), 2 to 80 characters." })
  .max(80, { error: "Name the courier (as on its statement), 2 to 80 characters." });

/** The upload's fields besides the file: POST /admin/cod/remittances?mode=&courier=&file_name= and the page's form. */
export const remittanceUploadSchema = z.object({
  mode: z.enum(["dry_run", "apply"], { error: "mode is dry_run (check the file, write nothing) or apply (record the remittance)." }).default("apply"),
  courier,
  file_name: z
    .string({ error: "file_name is at most 200 characters." })
    .trim()
    .max(200, { error: "file_name is at most 200 characters." })
    .optional()
    .transform((v) => v || "remittance.csv"),
});

const page = z.coerce.number({ error: "page is a whole number from 1." }).int({ error: "page is a whole number from 1." }).min(1, { error: "page is a whole number from 1." }).max(100_000, { error: "page is at most 100000." }).default(1);

/** GET /admin/cod/receivable?bucket=&page= and the COD page's URL. */
export const receivableQuerySchema = z.object({
  bucket: z.enum(AGE_BUCKET_KEYS, { error: `bucket is one of ${AGE_BUCKET_KEYS.join(", ")}.` }).optional(),
  page,
});

/** GET /admin/cod/remittances?page=. */
export const remittanceListQuerySchema = z.object({ page });

export const remittanceIdParam = z.object({
  id: z.coerce.number({ error: "The remittance id is a whole number." }).int({ error: "The remittance id is a whole number." }).min(1, { error: "The remittance id is a whole number." }).max(2_147_483_647, { error: "The remittance id is a whole number." }),
});
