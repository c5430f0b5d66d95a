import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPaise } from "@/lib/platform/format";
import { dropTestProducts, makeProduct, type TestProduct } from "./cart-client";
import { api, clientAddresses, closeTestDb, newUser, runTag, testDb, type ApiAnswer, type TestUser } from "./client";
import { admin, placedOrder } from "./orders-client";
import { adminAs, auditRows, invitedStaff, ownerToken, staffSession } from "./staff-client";

/**
 * Cash on Delivery reconciliation (docs/back-office.md "Cash on Delivery reconciliation", decision
 * 0062), on the database the run was started with: COD orders shipped with the sandbox courier and
 * delivered (cash collected at the door), then a courier's remittance CSV uploaded: a dry run
 * writes nothing; the upload records the remittance and its rows, marks the matched parcels
 * remitted and writes the audit row, and lists every mismatch (short, unknown AWB, not delivered,
 * prepaid); the same file again remits nothing twice; two uploads at once remit a parcel once; a
 * broken file is refused with each row's message and nothing written; the receivable by age; the
 * roles without remittance:create are refused.
 */

afterAll(async () => {
  await dropTestProducts();
  await closeTestDb();
});

const nextIp = clientAddresses(233);
const user = () => newUser(nextIp());

let product: TestProduct;
beforeAll(async () => {
  product = await makeProduct({ price: 180000, stock: 500 });
});

type Parcel = { id: number; code: string; grandTotal: number; awb: string; shipmentId: number };

/** A COD order of the customer shipped with the sandbox courier; delivered unless told otherwise. */
async function codParcel(u: TestUser, deliver = true, payment: "cod" | "online" = "cod"): Promise<Parcel> {
  const order = await placedOrder(u, { lines: [{ product }], payment, then: payment === "online" ? ["pay"] : ["confirm"] });
  const shipped = await admin(`/orders/${order.id}/shipments`, { provider: "sandbox" });
  expect(shipped.status, shipped.text).toBe(201);
  const shipmentId = Number(shipped.json.shipment.id);
  if (deliver) {
    const done = await admin(`/orders/${order.id}/shipments/${shipmentId}/events`, { event: "deliver" });
    expect(done.status, done.text).toBe(200);
  }
  return { id: order.id, code: order.code, grandTotal: order.grandTotal, awb: String(shipped.json.shipment.awb), shipmentId };
}

/** Uploads a CSV as a multipart form (the page's and a script's way). */
function upload(credential: string | null, csv: string, options: { mode?: "dry_run" | "apply"; courier?: string; fileName?: string } = {}): Promise<ApiAnswer> {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), options.fileName ?? `remittance-${runTag}.csv`);
  form.append("courier", options.courier ?? "Sandbox Express");
  if (options.mode) form.append("mode", options.mode);
  return adminAs(credential, "/cod/remittances", { method: "POST", body: form, ip: nextIp() });
}

/** "₹3,180" as couriers write it, quoted for the comma. */
const cell = (paise: number) => `"${formatPaise(paise)}"`;
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

async function shipmentRow(id: number) {
  const { db } = await testDb();
  return db.selectFrom("shipments").select(["cod_amount", "cod_remittance_id", "cod_remitted_at", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
}
async function counts() {
  const { db } = await testDb();
  const n = async (table: "cod_remittances" | "cod_remittance_lines") => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const audits = Number((await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", "cod.remittance").executeTakeFirstOrThrow()).n);
  return { remittances: await n("cod_remittances"), lines: await n("cod_remittance_lines"), audits };
}
const outcomes = (res: ApiAnswer) => (res.json.rows as { awb: string; outcome: string }[]).map((r) => `${r.awb}:${r.outcome}`);

describe("reconciling a courier's COD remittance", () => {
  let first: { id: number; csv: string; a: Parcel; b: Parcel };

  it("checks the file in a dry run, then records it: matched, short, unknown AWB, not delivered and prepaid rows, the parcels remitted, the audit row", async () => {
    const u = await user();
    const a = await codParcel(u);
    const b = await codParcel(u);
    const notDelivered = await codParcel(u, false);
    const prepaid = await codParcel(u, true, "online");
    expect(await shipmentRow(a.shipmentId)).toMatchObject({ cod_amount: a.grandTotal, cod_remittance_id: null, status: "delivered" });
    expect((await shipmentRow(prepaid.shipmentId)).cod_amount).toBeNull();

    const unknown = `ZZ${runTag}`.toUpperCase().slice(0, 20);
    const csv = [
      "AWB No.,COD Amount (₹),Remittance Date,UTR",
      `${a.awb},${cell(a.grandTotal)},${today()},UTR${runTag}`,
      `${b.awb},${cell(b.grandTotal - 5000)},${today().split("-").reverse().join("/")},UTR${runTag}`,
      `${unknown},"₹1,000",${today()},UTR${runTag}`,
      `${notDelivered.awb},${cell(notDelivered.grandTotal)},${today()},UTR${runTag}`,
      `${prepaid.awb},"Rs. 100",${today()},UTR${runTag}`,
    ].join("\r\n");

    const before = await counts();
    const dry = await upload(ownerToken(), csv, { mode: "dry_run" });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toMatchObject({ result: true, dry_run: true, remittance: null });
    expect(outcomes(dry)).toEqual([`${a.awb}:matched`, `${b.awb}:short`, `${unknown}:unknown`, `${notDelivered.awb}:not_delivered`, `${prepaid.awb}:not_cod`]);
    expect(await counts()).toEqual(before);
    expect((await shipmentRow(a.shipmentId)).cod_remittance_id).toBeNull();

    const res = await upload(ownerToken(), csv);
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe("2 of 5 rows remitted a parcel; 4 mismatches.");
    expect(outcomes(res)).toEqual(outcomes(dry));
    const rows = res.json.rows as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ row: 2, order_code: a.code, amount: a.grandTotal / 100, expected: a.grandTotal / 100, difference: 0, label: "Matched" });
    expect(rows[1]).toMatchObject({ row: 3, order_code: b.code, difference: -50, label: "Short", message: `Remitted for order ${b.code}, ₹50 short of its COD amount.` });
    expect(rows[2]).toMatchObject({ outcome: "unknown", order_id: null, message: "No shipment of this store has this AWB." });
    expect(rows[3]).toMatchObject({ outcome: "not_delivered", order_code: notDelivered.code });
    expect(rows[4]).toMatchObject({ outcome: "not_cod", order_code: prepaid.code });
    const remittance = res.json.remittance;
    expect(remittance).toMatchObject({ courier: "Sandbox Express", file_name: `remittance-${runTag}.csv`, rows: 5, remitted: 2, mismatches: 4, remitted_amount: (a.grandTotal + b.grandTotal - 5000) / 100, short_amount: 50, over_amount: 0, first_date: today(), last_date: today() });

    const { db } = await testDb();
    for (const p of [a, b]) expect(await shipmentRow(p.shipmentId)).toMatchObject({ cod_remittance_id: remittance.id, cod_remitted_at: expect.any(String) });
    for (const p of [notDelivered, prepaid]) expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBeNull();
    const lines = await db.selectFrom("cod_remittance_lines").select(["row_number", "awb", "amount", "outcome", "difference"]).where("remittance_id", "=", remittance.id).orderBy("row_number").execute();
    expect(lines.map((l) => `${l.row_number} ${l.outcome} ${l.difference}`)).toEqual(["2 matched 0", "3 short -5000", "4 unknown null", "5 not_delivered 0", "6 not_cod null"]);
    expect(await counts()).toEqual({ remittances: before.remittances + 1, lines: before.lines + 5, audits: before.audits + 1 });
    const [row] = await auditRows({ entityType: "cod_remittance", entityId: remittance.id });
    expect(row).toMatchObject({ action: "cod.remittance", actor_kind: "token", after: { courier: "Sandbox Express", rows: 5, remitted: 2, short: 1, unknown: 1, not_delivered: 1, not_cod: 1, shipments: [a.shipmentId, b.shipmentId] } });

    // The list, the detail and the order.
    const list = await adminAs(ownerToken(), "/cod/remittances");
    expect(list.status).toBe(200);
    expect((list.json.data as { id: number }[]).map((r) => r.id)).toContain(remittance.id);
    const detail = await adminAs(ownerToken(), `/cod/remittances/${remittance.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json.data.remittance).toMatchObject({ id: remittance.id, remitted: 2 });
    expect((detail.json.data.rows as { outcome: string }[]).map((r) => r.outcome)).toEqual(["matched", "short", "unknown", "not_delivered", "not_cod"]);
    expect((await adminAs(ownerToken(), "/cod/remittances/999999999")).status).toBe(404);
    expect((await adminAs(ownerToken(), "/cod/remittances/abc")).status).toBe(422);
    first = { id: remittance.id, csv, a, b };
  });

  it("does not remit twice when the same file is uploaded again: every parcel is 'already remitted'", async () => {
    const before = await counts();
    const again = await upload(ownerToken(), first.csv);
    expect(again.status, again.text).toBe(201);
    expect(again.json.same_file_as).toContain(first.id);
    expect(again.json.message).toContain(`This file was uploaded before (remittance #${first.id}`);
    const rows = again.json.rows as { awb: string; outcome: string; other_remittance_id: number | null; message: string }[];
    expect(rows.slice(0, 2)).toMatchObject([
      { awb: first.a.awb, outcome: "already_remitted", other_remittance_id: first.id, message: `Already remitted (remittance #${first.id}): not counted again.` },
      { awb: first.b.awb, outcome: "already_remitted", other_remittance_id: first.id },
    ]);
    expect(again.json.remittance).toMatchObject({ remitted: 0, remitted_amount: 0, mismatches: 5 });
    for (const p of [first.a, first.b]) expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBe(first.id);
    expect(await counts()).toEqual({ remittances: before.remittances + 1, lines: before.lines + 5, audits: before.audits + 1 });
  });

  it("remits a parcel once when two uploads name it at the same moment", async () => {
    const u = await user();
    const p = await codParcel(u);
    const csv = `awb,amount,date\r\n${p.awb},${(p.grandTotal / 100).toFixed(2)},${today()}\r\n`;
    const [one, two] = await Promise.all([upload(ownerToken(), csv, { fileName: "one.csv" }), upload(ownerToken(), csv, { fileName: "two.csv" })]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const got = [one, two].map((r) => (r.json.rows as { outcome: string }[])[0]?.outcome).sort();
    expect(got).toEqual(["already_remitted", "matched"]);
    const winner = [one, two].find((r) => r.json.rows[0].outcome === "matched")!;
    expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBe(winner.json.remittance.id);
  });

  it("refuses a broken file with each row's message and writes nothing", async () => {
    const u = await user();
    const p = await codParcel(u);
    const before = await counts();
    const broken = `AWB,Amount,Date\r\n${p.awb},${(p.grandTotal / 100).toFixed(2)},${today()}\r\nSBX1,three hundred,${today()}\r\n1.43449E+13,100,31/02/2026\r\n`;
    const res = await upload(ownerToken(), broken);
    expect(res.status, res.text).toBe(422);
    expect(res.json.result).toBe(false);
    expect(res.json.message).toBe("2 rows have errors: nothing was recorded. Correct the file and upload it again.");
    expect(res.json.errors).toEqual({
      "row 3": ['The amount "three hundred" is not a number of rupees (like 1499, ₹1,499.50).'],
      "row 4": ["The AWB 1.43449E+13 was shortened by a spreadsheet into a number with an exponent: format the AWB column as text and export again.", 'The date "31/02/2026" is not a date (like 2026-11-20, 20/11/2026 or 20-Nov-2026; day before month).'],
    });
    const noColumn = await upload(ownerToken(), `Order,Total\r\nX,1\r\n`);
    expect(noColumn.status).toBe(422);
    expect(noColumn.json.errors.file[0]).toMatch(/^The header has no AWB column/);
    const unquoted = await upload(ownerToken(), `awb,amount,date\r\n"SBX1,100,${today()}\r\n`);
    expect(unquoted.status).toBe(422);
    expect(unquoted.json.message).toMatch(/cannot be read as CSV/);
    const empty = await upload(ownerToken(), "");
    expect(empty.status).toBe(422);
    const huge = await upload(ownerToken(), `awb,amount,date\r\n${"SBX0000000001,100,2026-11-01\r\n".repeat(20_000)}`);
    expect(huge.status).toBe(413);
    const noCourier = await upload(ownerToken(), `awb,amount,date\r\n${p.awb},1,${today()}\r\n`, { courier: " " });
    expect(noCourier.status).toBe(422);
    expect(Object.keys(noCourier.json.errors)).toEqual(["courier"]);
    expect(await counts()).toEqual(before);
    expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBeNull();
  });

  it("reports the COD receivable by age, with the overdue parcels missing, and exports it as CSV", async () => {
    const u = await user();
    const recent = await codParcel(u);
    const old = await codParcel(u);
    const { db } = await testDb();
    await db.updateTable("shipments").set({ delivered_at: new Date(Date.now() - 20 * 86_400_000).toISOString() }).where("id", "=", old.shipmentId).execute();

    const all = await adminAs(ownerToken(), "/cod/receivable");
    expect(all.status, all.text).toBe(200);
    const buckets = all.json.receivable.buckets as { bucket: string; count: number; amount: number }[];
    expect(buckets.map((b) => b.bucket)).toEqual(["0-7", "8-15", "16-30", "31+"]);
    expect(all.json.receivable.total.count).toBe(buckets.reduce((s, b) => s + b.count, 0));
    const aged = await adminAs(ownerToken(), "/cod/receivable?bucket=16-30");
    expect(aged.status).toBe(200);
    const agedRows = aged.json.data as { order_code: string; age_days: number; cod_amount: number; awb: string }[];
    expect(agedRows.find((r) => r.order_code === old.code)).toMatchObject({ age_days: 20, cod_amount: old.grandTotal / 100, awb: old.awb });
    expect(agedRows.find((r) => r.order_code === recent.code)).toBeUndefined();
    const fresh = await adminAs(ownerToken(), "/cod/receivable?bucket=0-7");
    expect((fresh.json.data as { order_code: string }[]).map((r) => r.order_code)).toContain(recent.code);
    expect((await adminAs(ownerToken(), "/cod/receivable?bucket=9-99")).status).toBe(422);

    // The old parcel is missing from every remittance: a dry run lists it.
    const dry = await upload(ownerToken(), `awb,amount,date\r\n${recent.awb},${(recent.grandTotal / 100).toFixed(2)},${today()}\r\n`, { mode: "dry_run" });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json.missing.overdue_days).toBe(15);
    expect((dry.json.missing.parcels as { order_code: string }[]).map((p) => p.order_code)).toContain(old.code);

    const csv = await adminAs(ownerToken(), "/cod/receivable/export");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("order,customer,carrier,awb,cod_amount,delivered_at,age_days,age_bucket");
    expect(lines.find((l) => l.startsWith(`${old.code},`))).toMatch(new RegExp(`,${old.awb},${(old.grandTotal / 100).toFixed(2)},.*,20,16-30$`));
    expect(lines.some((l) => l.startsWith(`${recent.code},`))).toBe(true);
  });

  it("lets only owner and manager upload: 403 for the other roles and nothing written, 401 without credentials", async () => {
    const u = await user();
    const p = await codParcel(u);
    const csv = `awb,amount,date\r\n${p.awb},${(p.grandTotal / 100).toFixed(2)},${today()}\r\n`;
    const before = await counts();
    const fulfilment = await staffSession(await invitedStaff("fulfilment", nextIp(), "cod-fulfilment"));
    const support = await staffSession(await invitedStaff("support", nextIp(), "cod-support"));
    for (const credential of [fulfilment, support]) {
      const refused = await upload(credential, csv);
      expect(refused.status, refused.text).toBe(403);
      expect((await adminAs(credential, "/cod/receivable")).status).toBe(403);
    }
    const guest = await upload(null, csv);
    expect(guest.status).toBe(401);
    const customer = await api("/admin/cod/remittances", { method: "POST", body: new FormData(), token: u.token, ip: u.ip });
    expect(customer.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBeNull();

    const manager = await staffSession(await invitedStaff("manager", nextIp(), "cod-manager"));
    const done = await upload(manager, csv);
    expect(done.status, done.text).toBe(201);
    expect((await shipmentRow(p.shipmentId)).cod_remittance_id).toBe(done.json.remittance.id);
    const [row] = await auditRows({ entityType: "cod_remittance", entityId: done.json.remittance.id });
    expect(row).toMatchObject({ action: "cod.remittance", actor_kind: "staff" });
  });
});
