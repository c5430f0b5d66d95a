import "server-only";
import { createHash } from "node:crypto";
import { CsvError, parse as parseCsv } from "csv-parse/sync";
import { sql } from "kysely";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { CSV_BOM, csvLine } from "@/lib/platform/csv";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import {
  AGE_BUCKETS,
  type AgeBucketKey,
  ageInDays,
  bucketOf,
  bucketRange,
  COD_CSV_LIMITS,
  COD_MESSAGES,
  COD_OVERDUE_DAYS,
  indiaToday,
  matchRows,
  type Outcome,
  type ParcelFacts,
  readRemittanceRecords,
  REMITTING,
  type RemittanceRow,
  rowErrorsByRow,
  type RowVerdict,
} from "../cod-remittance";
import { SHIPMENT } from "../status";

/**
 * Cash on Delivery reconciliation (docs/back-office.md "Cash on Delivery reconciliation",
 * decision 0062). A courier collects the cash of a COD parcel at the door (the shipment's
 * cod_amount, written when it was booked) and pays it to the shop later, in cycles, many parcels
 * in one bank credit, with a statement per AWB. Staff upload that statement:
 *
 *  - readRemittanceFile: the file checked whole (size, UTF-8, CSV, the three columns, every row);
 *    any error refuses it all with each row's message, and nothing is written.
 *  - reconcileRemittance: each row matched by AWB against the shipments (../cod-remittance.ts
 *    matchRows); a dry run answers what would happen; otherwise ONE transaction records the
 *    remittance and its rows, marks each matched parcel remitted by a conditional update (a
 *    parcel another upload remitted first, even at the same moment, is "already remitted", never
 *    remitted twice), counts the parcels still missing, and writes the audit row.
 *  - codReceivable / exportReceivable: the delivered COD parcels whose cash has not come, by age.
 */

export type ParcelRow = { shipmentId: number; orderId: number; orderCode: string; customer: string; awb: string | null; carrier: string; codAmount: number; deliveredAt: string; ageDays: number };

export type RemittanceSummary = {
  id: number;
  fileName: string;
  courier: string;
  uploadedBy: { id: number; name: string | null };
  uploadedAt: string;
  firstDate: string | null;
  lastDate: string | null;
  rowCount: number;
  remittedCount: number;
  mismatchCount: number;
  missingCount: number;
  totalAmount: number;
  remittedAmount: number;
  shortAmount: number;
  overAmount: number;
};

export type RemittanceLine = RemittanceRow & Omit<RowVerdict, "outcome"> & { outcome: Outcome };

export type ReconcileOutcome = {
  dryRun: boolean;
  remittance: RemittanceSummary | null;
  /** Earlier remittances uploaded from the very same file (its SHA-256). */
  sameFileAs: number[];
  lines: RemittanceLine[];
  missing: { count: number; overdueDays: number; parcels: ParcelRow[] };
};

const MISSING_SHOWN = 100;

/* ---------------------------------------------------------------------------------------------
 * The file
 * ------------------------------------------------------------------------------------------- */

/** The file's rows, checked; ApiError 413 (too large, too many rows) or 422 with per-row errors, and nothing written. */
export function readRemittanceFile(bytes: Uint8Array, now = new Date()): RemittanceRow[] {
  if (bytes.byteLength > COD_CSV_LIMITS.maxBytes) throw new ApiError(413, COD_MESSAGES.tooLarge, { file: [COD_MESSAGES.tooLarge] });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(422, COD_MESSAGES.encoding, { file: [COD_MESSAGES.encoding] });
  }
  if (text.includes("\u0000")) throw new ApiError(422, COD_MESSAGES.encoding, { file: [COD_MESSAGES.encoding] });
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new ApiError(422, COD_MESSAGES.empty, { file: [COD_MESSAGES.empty] });
  // A spreadsheet saved with a European locale separates with semicolons: its header tells.
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = header.includes(";") && !header.includes(",") ? ";" : ",";
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // info: each record's line number, for the per-row messages.
    records = parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 10_000, info: true, delimiter }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
      const message = COD_MESSAGES.unreadable(line, error.message.slice(0, 200));
      throw new ApiError(422, message, { file: [message] });
    }
    throw error;
  }
  if (records.length - 1 > COD_CSV_LIMITS.maxRows) throw new ApiError(413, COD_MESSAGES.tooManyRows, { file: [COD_MESSAGES.tooManyRows] });
  const read = readRemittanceRecords(
    records.map((r) => r.record),
    indiaToday(now),
    (i) => records[i]?.info.lines ?? i + 1,
  );
  if (!read.ok) throw new ApiError(422, read.message, rowErrorsByRow(read.errors));
  return read.rows;
}

/* ---------------------------------------------------------------------------------------------
 * Matching
 * ------------------------------------------------------------------------------------------- */

/** The parcels the rows' AWBs name, by upper-case AWB (when two providers share an AWB: the COD one still owed, else the newest). */
async function parcelsOf(db: Db, awbs: readonly string[]): Promise<Map<string, ParcelFacts>> {
  const out = new Map<string, ParcelFacts & { rank: number }>();
  // AWBs compare in upper case (a manual carrier's is stored as typed): the index of upper(awb), migration 028.
  const wanted = [...new Set(awbs.map((a) => a.toUpperCase()))];
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await db
      .selectFrom("shipments as s")
      .innerJoin("orders as o", "o.id", "s.order_id")
      .select(["s.id", "s.awb", "s.order_id", "s.cod_amount", "s.status", "s.cod_remittance_id", "o.code"])
      .where((eb) => eb(eb.fn<string>("upper", ["s.awb"]), "in", wanted.slice(i, i + 500)))
      .execute();
    for (const r of rows) {
      const key = (r.awb ?? "").toUpperCase();
      const delivered = r.status === SHIPMENT.delivered;
      const rank = (r.cod_amount !== null && delivered && r.cod_remittance_id === null ? 2 : 0) + r.id / 1e12;
      const known = out.get(key);
      if (known && known.rank >= rank) continue;
      out.set(key, { shipmentId: r.id, orderId: r.order_id, orderCode: r.code, codAmount: r.cod_amount, delivered, remittanceId: r.cod_remittance_id, rank });
    }
  }
  return out;
}

/** The delivered COD parcels not yet remitted, oldest first. */
function dueParcels(db: Db) {
  return db
    .selectFrom("shipments as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .select(["s.id", "s.order_id", "o.code", "o.shipping_name", "s.awb", "s.carrier", "s.cod_amount", "s.delivered_at"])
    .where("s.cod_amount", "is not", null)
    .where("s.status", "=", SHIPMENT.delivered)
    .where("s.cod_remittance_id", "is", null);
}

type DueRow = { id: number; order_id: number; code: string; shipping_name: string; awb: string | null; carrier: string; cod_amount: number | null; delivered_at: string | null };

const parcelRow = (r: DueRow, now: Date): ParcelRow => ({
  shipmentId: r.id,
  orderId: r.order_id,
  orderCode: r.code,
  customer: r.shipping_name,
  awb: r.awb,
  carrier: r.carrier,
  codAmount: r.cod_amount ?? 0,
  deliveredAt: r.delivered_at ?? "",
  ageDays: r.delivered_at ? ageInDays(r.delivered_at, now) : 0,
});

/** The parcels delivered more than COD_OVERDUE_DAYS ago that no remittance has named: a count and the oldest ones. */
async function missingParcels(db: Db, now: Date): Promise<ReconcileOutcome["missing"]> {
  const cutoff = new Date(now.getTime() - COD_OVERDUE_DAYS * 86_400_000).toISOString();
  const counted = await db
    .selectFrom("shipments")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("cod_amount", "is not", null)
    .where("status", "=", SHIPMENT.delivered)
    .where("cod_remittance_id", "is", null)
    .where("delivered_at", "<=", cutoff)
    .executeTakeFirstOrThrow();
  const rows = await dueParcels(db).where("s.delivered_at", "<=", cutoff).orderBy("s.delivered_at").orderBy("s.id").limit(MISSING_SHOWN).execute();
  return { count: Number(counted.n), overdueDays: COD_OVERDUE_DAYS, parcels: rows.map((r) => parcelRow(r, now)) };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type Totals = Pick<RemittanceSummary, "rowCount" | "remittedCount" | "mismatchCount" | "totalAmount" | "remittedAmount" | "shortAmount" | "overAmount" | "firstDate" | "lastDate">;

function totalsOf(lines: readonly RemittanceLine[]): Totals {
  const remitting = lines.filter((l) => REMITTING.includes(l.outcome));
  const dates = lines.map((l) => l.date).sort();
  return {
    rowCount: lines.length,
    remittedCount: remitting.length,
    mismatchCount: lines.filter((l) => l.outcome !== "matched").length,
    totalAmount: lines.reduce((s, l) => s + l.amount, 0),
    remittedAmount: remitting.reduce((s, l) => s + l.amount, 0),
    shortAmount: lines.filter((l) => l.outcome === "short").reduce((s, l) => s - (l.difference ?? 0), 0),
    overAmount: lines.filter((l) => l.outcome === "over").reduce((s, l) => s + (l.difference ?? 0), 0),
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
  };
}

export type ReconcileInput = { bytes: Uint8Array; fileName: string; courier: string; dryRun: boolean };

/**
 * Reads the courier's file and reconciles it (remittance:create): a dry run answers what each row
 * would do and writes nothing; otherwise one transaction records it all (see the module's comment).
 */
export async function reconcileRemittance(input: ReconcileInput, actor: StaffActor, now = new Date()): Promise<ReconcileOutcome> {
  const rows = readRemittanceFile(input.bytes, now);
  const digest = sha256(input.bytes);
  const handle = await getDb();
  if (input.dryRun) {
    const parcels = await parcelsOf(handle.db, rows.map((r) => r.awb));
    const lines = matchRows(rows, parcels).map((v, i) => ({ ...rows[i]!, ...v }));
    const sameFileAs = (await handle.db.selectFrom("cod_remittances").select("id").where("file_sha256", "=", digest).orderBy("id").execute()).map((r) => r.id);
    return { dryRun: true, remittance: null, sameFileAs, lines, missing: await missingParcels(handle.db, now) };
  }
  const at = now.toISOString();
  const outcome = await writeTransaction(handle, async (trx) => {
    const sameFileAs = (await trx.selectFrom("cod_remittances").select("id").where("file_sha256", "=", digest).orderBy("id").execute()).map((r) => r.id);
    const parcels = await parcelsOf(trx, rows.map((r) => r.awb));
    const verdicts = matchRows(rows, parcels);
    const made = await trx
      .insertInto("cod_remittances")
      .values({ file_name: input.fileName, file_sha256: digest, courier: input.courier, uploaded_by: actor.userId, uploaded_at: at, first_date: null, last_date: null, row_count: 0, remitted_count: 0, mismatch_count: 0, missing_count: 0, total_amount: 0, remitted_amount: 0, short_amount: 0, over_amount: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The parcels are marked in shipment-id order, so two uploads that share parcels lock them in the same order (no deadlock).
    const lost = new Map<number, RowVerdict>();
    for (const v of [...verdicts].filter((x) => REMITTING.includes(x.outcome) && x.shipmentId !== null).sort((a, b) => (a.shipmentId ?? 0) - (b.shipmentId ?? 0))) {
      const shipmentId = v.shipmentId as number;
      // The conditional update holds "remitted once": a parcel another upload remitted first is left as it is.
      const marked = await trx
        .updateTable("shipments")
        .set({ cod_remittance_id: made.id, cod_remitted_at: at })
        .where("id", "=", shipmentId)
        .where("cod_remittance_id", "is", null)
        .where("status", "=", SHIPMENT.delivered)
        .where("cod_amount", "is not", null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1) continue;
      const current = await trx.selectFrom("shipments").select(["cod_remittance_id"]).where("id", "=", shipmentId).executeTakeFirst();
      lost.set(shipmentId, current?.cod_remittance_id ? { ...v, outcome: "already_remitted", otherRemittanceId: current.cod_remittance_id } : { ...v, outcome: "not_delivered" });
    }
    const lines: RemittanceLine[] = verdicts.map((v, i) => ({ ...rows[i]!, ...(REMITTING.includes(v.outcome) && v.shipmentId !== null ? (lost.get(v.shipmentId) ?? v) : v) }));
    for (let i = 0; i < lines.length; i += 200) {
      await trx
        .insertInto("cod_remittance_lines")
        .values(
          lines.slice(i, i + 200).map((l) => ({
            remittance_id: made.id,
            row_number: l.row,
            awb: l.awb,
            amount: l.amount,
            remitted_on: l.date,
            outcome: l.outcome,
            shipment_id: l.shipmentId,
            order_id: l.orderId,
            expected: l.expected,
            difference: l.difference,
            other_remittance_id: l.otherRemittanceId,
          })),
        )
        .execute();
    }
    const missing = await missingParcels(trx, now);
    const totals = totalsOf(lines);
    await trx
      .updateTable("cod_remittances")
      .set({
        first_date: totals.firstDate,
        last_date: totals.lastDate,
        row_count: totals.rowCount,
        remitted_count: totals.remittedCount,
        mismatch_count: totals.mismatchCount,
        missing_count: missing.count,
        total_amount: totals.totalAmount,
        remitted_amount: totals.remittedAmount,
        short_amount: totals.shortAmount,
        over_amount: totals.overAmount,
      })
      .where("id", "=", made.id)
      .execute();
    const count = (o: Outcome) => lines.filter((l) => l.outcome === o).length;
    await audit(
      trx,
      actor,
      {
        action: "cod.remittance",
        entityType: "cod_remittance",
        entityId: made.id,
        before: null,
        after: {
          file_name: input.fileName,
          file_sha256: digest,
          courier: input.courier,
          rows: totals.rowCount,
          remitted: totals.remittedCount,
          remitted_amount: totals.remittedAmount / 100,
          short: count("short"),
          over: count("over"),
          unknown: count("unknown"),
          not_cod: count("not_cod"),
          not_delivered: count("not_delivered"),
          already_remitted: count("already_remitted"),
          duplicate: count("duplicate"),
          missing: missing.count,
          shipments: lines.filter((l) => REMITTING.includes(l.outcome)).map((l) => l.shipmentId),
        },
      },
      now,
    );
    return { id: made.id, sameFileAs, lines, missing };
  });
  const remittance = await getRemittanceSummary(outcome.id);
  return { dryRun: false, remittance, sameFileAs: outcome.sameFileAs, lines: outcome.lines, missing: outcome.missing };
}

/* ---------------------------------------------------------------------------------------------
 * Reading remittances
 * ------------------------------------------------------------------------------------------- */

const SUMMARY_COLUMNS = [
  "r.id",
  "r.file_name",
  "r.courier",
  "r.uploaded_by",
  "u.name as uploader_name",
  "r.uploaded_at",
  "r.first_date",
  "r.last_date",
  "r.row_count",
  "r.remitted_count",
  "r.mismatch_count",
  "r.missing_count",
  "r.total_amount",
  "r.remitted_amount",
  "r.short_amount",
  "r.over_amount",
] as const;

type SummaryRow = {
  id: number;
  file_name: string;
  courier: string;
  uploaded_by: number;
  uploader_name: string | null;
  uploaded_at: string;
  first_date: string | null;
  last_date: string | null;
  row_count: number;
  remitted_count: number;
  mismatch_count: number;
  missing_count: number;
  total_amount: number;
  remitted_amount: number;
  short_amount: number;
  over_amount: number;
};

const summaryOf = (r: SummaryRow): RemittanceSummary => ({
  id: r.id,
  fileName: r.file_name,
  courier: r.courier,
  uploadedBy: { id: r.uploaded_by, name: r.uploader_name },
  uploadedAt: r.uploaded_at,
  firstDate: r.first_date,
  lastDate: r.last_date,
  rowCount: r.row_count,
  remittedCount: r.remitted_count,
  mismatchCount: r.mismatch_count,
  missingCount: r.missing_count,
  totalAmount: r.total_amount,
  remittedAmount: r.remitted_amount,
  shortAmount: r.short_amount,
  overAmount: r.over_amount,
});

const summaries = (db: Db) => db.selectFrom("cod_remittances as r").leftJoin("users as u", "u.id", "r.uploaded_by").select([...SUMMARY_COLUMNS]);

async function getRemittanceSummary(id: number): Promise<RemittanceSummary | null> {
  const { db } = await getDb();
  const row = await summaries(db).where("r.id", "=", id).executeTakeFirst();
  return row ? summaryOf(row) : null;
}

export const REMITTANCES_PER_PAGE = 50;

/** The remittances uploaded, newest first (remittance:read). */
export async function listRemittances(page: number): Promise<{ rows: RemittanceSummary[]; total: number; page: number; lastPage: number; perPage: number }> {
  const { db } = await getDb();
  const total = Number((await db.selectFrom("cod_remittances").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const lastPage = Math.max(1, Math.ceil(total / REMITTANCES_PER_PAGE));
  const rows = await summaries(db)
    .orderBy("r.id", "desc")
    .limit(REMITTANCES_PER_PAGE)
    .offset((page - 1) * REMITTANCES_PER_PAGE)
    .execute();
  return { rows: rows.map(summaryOf), total, page, lastPage, perPage: REMITTANCES_PER_PAGE };
}

export type RemittanceDetail = { remittance: RemittanceSummary; lines: (RemittanceLine & { orderCode: string | null })[]; missing: ReconcileOutcome["missing"] };

/** One remittance with every row and what it made of it, and the parcels missing now (remittance:read); null when there is none. */
export async function remittanceDetail(id: number, now = new Date()): Promise<RemittanceDetail | null> {
  const remittance = await getRemittanceSummary(id);
  if (!remittance) return null;
  const { db } = await getDb();
  const rows = await db
    .selectFrom("cod_remittance_lines as l")
    .leftJoin("orders as o", "o.id", "l.order_id")
    .select(["l.row_number", "l.awb", "l.amount", "l.remitted_on", "l.outcome", "l.shipment_id", "l.order_id", "l.expected", "l.difference", "l.other_remittance_id", "o.code"])
    .where("l.remittance_id", "=", id)
    .orderBy("l.row_number")
    .execute();
  return {
    remittance,
    lines: rows.map((r) => ({ row: r.row_number, awb: r.awb, amount: r.amount, date: r.remitted_on, outcome: r.outcome, shipmentId: r.shipment_id, orderId: r.order_id, orderCode: r.code ?? null, expected: r.expected, difference: r.difference, otherRemittanceId: r.other_remittance_id })),
    missing: await missingParcels(db, now),
  };
}

export type OrderCodStatus = { shipmentId: number; awb: string | null; codAmount: number; remittanceId: number | null; remittedAt: string | null; remittedOn: string | null; deliveredAt: string | null };

/** The COD parcels of an order with their remittance, if any (the order page's line). */
export async function codRemittanceOfOrder(orderId: number): Promise<OrderCodStatus[]> {
  const { db } = await getDb();
  const rows = await db
    .selectFrom("shipments as s")
    .leftJoin("cod_remittance_lines as l", (j) => j.onRef("l.remittance_id", "=", "s.cod_remittance_id").onRef("l.shipment_id", "=", "s.id").on("l.outcome", "in", REMITTING))
    .select(["s.id", "s.awb", "s.cod_amount", "s.cod_remittance_id", "s.cod_remitted_at", "s.delivered_at", "s.status", "l.remitted_on"])
    .where("s.order_id", "=", orderId)
    .where("s.cod_amount", "is not", null)
    .where("s.status", "=", SHIPMENT.delivered)
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({ shipmentId: r.id, awb: r.awb, codAmount: r.cod_amount ?? 0, remittanceId: r.cod_remittance_id, remittedAt: r.cod_remitted_at, remittedOn: r.remitted_on ?? null, deliveredAt: r.delivered_at }));
}

/* ---------------------------------------------------------------------------------------------
 * The receivable
 * ------------------------------------------------------------------------------------------- */

export type ReceivableBucket = { key: AgeBucketKey; label: string; count: number; amount: number };
export type Receivable = { buckets: ReceivableBucket[]; total: { count: number; amount: number }; shortTotal: number; bucket: AgeBucketKey | null; rows: ParcelRow[]; page: number; lastPage: number; perPage: number; rowsTotal: number };

export const RECEIVABLE_PER_PAGE = 50;

/**
 * COD receivable by age (remittance:read): the delivered COD parcels whose cash no remittance has
 * brought, counted and summed per bucket of days since delivery (0–7, 8–15, 16–30, more than 30),
 * and one page of them (of one bucket, or all), oldest first. Reads only the partial index of the
 * parcels still owed (migration 027), so it stays quick however many orders the shop has.
 */
export async function codReceivable(query: { bucket?: AgeBucketKey; page: number }, now = new Date()): Promise<Receivable> {
  const { db } = await getDb();
  const edge = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const [b8, b16, b31] = [edge(8), edge(16), edge(31)];
  const grouped = await db
    .selectFrom("shipments")
    .select([
      sql<string>`case when delivered_at > ${b8} then '0-7' when delivered_at > ${b16} then '8-15' when delivered_at > ${b31} then '16-30' else '31+' end`.as("bucket"),
      (eb) => eb.fn.countAll<number | string>().as("n"),
      (eb) => eb.fn.sum<number | string | null>("cod_amount").as("amount"),
    ])
    .where("cod_amount", "is not", null)
    .where("status", "=", SHIPMENT.delivered)
    .where("cod_remittance_id", "is", null)
    .groupBy(sql`1`)
    .execute();
  const buckets = AGE_BUCKETS.map((b) => {
    const g = grouped.find((x) => x.bucket === b.key);
    return { key: b.key, label: b.label, count: Number(g?.n ?? 0), amount: Number(g?.amount ?? 0) };
  });
  const total = { count: buckets.reduce((s, b) => s + b.count, 0), amount: buckets.reduce((s, b) => s + b.amount, 0) };
  const shortTotal = Number((await db.selectFrom("cod_remittances").select((eb) => eb.fn.sum<number | string | null>("short_amount").as("s")).executeTakeFirstOrThrow()).s ?? 0);
  const rowsTotal = query.bucket ? (buckets.find((b) => b.key === query.bucket)?.count ?? 0) : total.count;
  const lastPage = Math.max(1, Math.ceil(rowsTotal / RECEIVABLE_PER_PAGE));
  let q = dueParcels(db);
  if (query.bucket) {
    const range = bucketRange(query.bucket, now);
    if (range.after) q = q.where("s.delivered_at", ">", range.after);
    if (range.upTo) q = q.where("s.delivered_at", "<=", range.upTo);
  }
  const rows = await q
    .orderBy("s.delivered_at")
    .orderBy("s.id")
    .limit(RECEIVABLE_PER_PAGE)
    .offset((query.page - 1) * RECEIVABLE_PER_PAGE)
    .execute();
  return { buckets, total, shortTotal, bucket: query.bucket ?? null, rows: rows.map((r) => parcelRow(r, now)), page: query.page, lastPage, perPage: RECEIVABLE_PER_PAGE, rowsTotal };
}

export const RECEIVABLE_CSV_COLUMNS = ["order", "customer", "carrier", "awb", "cod_amount", "delivered_at", "age_days", "age_bucket"] as const;

/** The receivable as CSV (every parcel still owed, oldest first), streamed in batches by (delivered_at, id). */
export function exportReceivable(now = new Date()): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: { at: string; id: number } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine([...RECEIVABLE_CSV_COLUMNS])}\r\n`));
          return;
        }
        const { db } = await getDb();
        let q = dueParcels(db);
        if (last) {
          const after = last;
          q = q.where((eb) => eb.or([eb("s.delivered_at", ">", after.at), eb.and([eb("s.delivered_at", "=", after.at), eb("s.id", ">", after.id)])]));
        }
        const rows = await q.orderBy("s.delivered_at").orderBy("s.id").limit(1000).execute();
        if (!rows.length) {
          controller.close();
          return;
        }
        const tail = rows.at(-1)!;
        last = { at: tail.delivered_at ?? "", id: tail.id };
        const text = rows
          .map((r) => parcelRow(r, now))
          .map((p) => csvLine([p.orderCode, p.customer, p.carrier, p.awb ?? "", (p.codAmount / 100).toFixed(2), p.deliveredAt, p.ageDays, bucketOf(p.ageDays)]))
          .join("\r\n");
        controller.enqueue(encoder.encode(`${text}\r\n`));
      } catch (error) {
        controller.error(error);
      }
    },
  });
}

/** The carriers of the COD parcels booked so far (the upload form's suggestions). */
export async function codCarriers(): Promise<string[]> {
  const { db } = await getDb();
  const rows = await db.selectFrom("shipments").select("carrier").distinct().where("cod_amount", "is not", null).orderBy("carrier").limit(30).execute();
  return rows.map((r) => r.carrier);
}
