import { describe, expect, it } from "vitest";
import { bucketOf, bucketRange, findColumns, headerKey, matchRows, type ParcelFacts, parseAwb, parseRemittanceDate, parseRupees, readRemittanceRecords, rowErrorsByRow, verdictMessage } from "./cod-remittance";
import { formatPaise } from "@/lib/platform/format";

const TODAY = "2026-11-26";

describe("the remittance file's header", () => {
  it("reads the spellings couriers use for AWB, amount and date", () => {
    expect(headerKey("AWB No.")).toBe("awb no");
    expect(headerKey("Air Waybill Number")).toBe("air waybill no");
    expect(headerKey("COD Amount (₹)")).toBe("cod amount");
    expect(headerKey("Amount in Rs.")).toBe("amount");
    expect(headerKey("\uFEFFawb_number")).toBe("awb no");
    expect(findColumns(["AWB", "Amount", "Date"])).toEqual({ ok: true, at: { awb: 0, amount: 1, date: 2 } });
    expect(findColumns(["Order ID", "Tracking Number", "Remittance Date", "COD Amount (Rs)"])).toEqual({ ok: true, at: { awb: 1, amount: 3, date: 2 } });
  });

  it("prefers the amount the courier remitted to the amount it was to collect, and the remittance date to the delivery date", () => {
    expect(findColumns(["AWB Code", "Delivered Date", "COD Amount", "Remitted Amount", "Remittance Date"])).toEqual({ ok: true, at: { awb: 0, amount: 3, date: 4 } });
  });

  it("says which column is missing or named twice", () => {
    expect(findColumns(["Order", "Amount", "Date"])).toEqual({ ok: false, message: 'The header has no AWB column (looked for "awb", "awb no", "awbno", "awb code").' });
    expect(findColumns(["AWB", "Date"])).toMatchObject({ ok: false, message: expect.stringContaining("no amount column") });
    expect(findColumns(["AWB", "Amount", "awb", "Date"])).toEqual({ ok: false, message: 'The column "AWB" is named twice.' });
  });
});

describe("the cells", () => {
  it("reads rupees with ₹, Rs., INR and Indian or Western commas, to paise", () => {
    expect(parseRupees("1499")).toEqual({ ok: true, paise: 149900 });
    expect(parseRupees("₹1,499.50")).toEqual({ ok: true, paise: 149950 });
    expect(parseRupees(" ₹ 1,23,456.5 ")).toEqual({ ok: true, paise: 12345650 });
    expect(parseRupees("Rs. 799")).toEqual({ ok: true, paise: 79900 });
    expect(parseRupees("INR 3,180.00")).toEqual({ ok: true, paise: 318000 });
    expect(parseRupees("0")).toEqual({ ok: true, paise: 0 });
  });

  it("refuses what is not an amount, with the cell in the message", () => {
    expect(parseRupees("abc")).toEqual({ ok: false, message: 'The amount "abc" is not a number of rupees (like 1499, ₹1,499.50).' });
    expect(parseRupees("")).toMatchObject({ ok: false });
    expect(parseRupees("12.345")).toMatchObject({ ok: false });
    expect(parseRupees("1,2,3")).toMatchObject({ ok: false });
    expect(parseRupees("-500")).toEqual({ ok: false, message: 'The amount "-500" is below zero.' });
    expect(parseRupees("(500)")).toMatchObject({ ok: false, message: expect.stringContaining("below zero") });
    expect(parseRupees("123456789")).toMatchObject({ ok: false, message: expect.stringContaining("more than ₹1,00,00,000") });
    expect(parseRupees("1e5")).toMatchObject({ ok: false });
  });

  it("reads dates day first, as written in India, and refuses impossible and future ones", () => {
    expect(parseRemittanceDate("2026-11-20", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("2026-11-20 14:30:00", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("20/11/2026", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("5-1-2026", TODAY)).toEqual({ ok: true, date: "2026-01-05" });
    expect(parseRemittanceDate("20.11.26", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("20-Nov-2026", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("20 November 2026", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("Nov 20, 2026", TODAY)).toEqual({ ok: true, date: "2026-11-20" });
    expect(parseRemittanceDate("31/02/2026", TODAY)).toEqual({ ok: false, message: 'The date "31/02/2026" is not a date (like 2026-11-20, 20/11/2026 or 20-Nov-2026; day before month).' });
    expect(parseRemittanceDate("11/20/2026", TODAY)).toMatchObject({ ok: false });
    expect(parseRemittanceDate("yesterday", TODAY)).toMatchObject({ ok: false });
    expect(parseRemittanceDate("27/11/2026", TODAY)).toEqual({ ok: false, message: 'The date "27/11/2026" is in the future.' });
  });

  it("reads an AWB in upper case and refuses one a spreadsheet turned into 1.23E+13", () => {
    expect(parseAwb(" sbx0000012345 ")).toEqual({ ok: true, awb: "SBX0000012345" });
    expect(parseAwb("'14344920001234")).toEqual({ ok: true, awb: "14344920001234" });
    expect(parseAwb("1.43449E+13")).toEqual({ ok: false, message: "The AWB 1.43449E+13 was shortened by a spreadsheet into a number with an exponent: format the AWB column as text and export again." });
    expect(parseAwb("")).toEqual({ ok: false, message: "The AWB is empty." });
    expect(parseAwb("AB C")).toMatchObject({ ok: false });
  });
});

describe("the rows of a file", () => {
  it("reads every row, skipping blank ones, with its line number", () => {
    const read = readRemittanceRecords(
      [
        ["AWB No", "COD Amount (₹)", "Remittance Date", "UTR"],
        ["SBX1", "₹3,180", "20/11/2026", "UTR1"],
        ["", "", "", ""],
        ["sbx2", "1,499.50", "2026-11-21", "UTR1"],
      ],
      TODAY,
    );
    expect(read).toEqual({
      ok: true,
      rows: [
        { row: 2, awb: "SBX1", amount: 318000, date: "2026-11-20" },
        { row: 4, awb: "SBX2", amount: 149950, date: "2026-11-21" },
      ],
    });
  });

  it("refuses the whole file with every row's problems", () => {
    const read = readRemittanceRecords(
      [
        ["awb", "amount", "date"],
        ["SBX1", "3180", "20/11/2026"],
        ["SBX2", "three thousand", "20/11/2026"],
        ["1.2E+13", "100", "32/11/2026"],
      ],
      TODAY,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toBe("2 rows have errors: nothing was recorded. Correct the file and upload it again.");
    expect(rowErrorsByRow(read.errors)).toEqual({
      "row 3": ['The amount "three thousand" is not a number of rupees (like 1499, ₹1,499.50).'],
      "row 4": [expect.stringContaining("shortened by a spreadsheet"), 'The date "32/11/2026" is not a date (like 2026-11-20, 20/11/2026 or 20-Nov-2026; day before month).'],
    });
  });

  it("refuses a header without rows and a header it cannot read", () => {
    expect(readRemittanceRecords([["awb", "amount", "date"]], TODAY)).toMatchObject({ ok: false, message: "The file has a header but no rows." });
    expect(readRemittanceRecords([["order", "total"], ["A", "1"]], TODAY)).toMatchObject({ ok: false, errors: [{ row: 1, column: "file" }] });
  });
});

describe("the matcher", () => {
  const parcel = (over: Partial<ParcelFacts> = {}): ParcelFacts => ({ shipmentId: 7, orderId: 70, orderCode: "KH7", codAmount: 318000, delivered: true, remittanceId: null, ...over });
  const row = (awb: string, amount: number, n = 2) => ({ row: n, awb, amount, date: "2026-11-20" });

  it("matches, short and over by the parcel's COD amount, with the difference", () => {
    const parcels = new Map([
      ["A", parcel()],
      ["B", parcel({ shipmentId: 8, orderCode: "KH8" })],
      ["C", parcel({ shipmentId: 9, orderCode: "KH9" })],
    ]);
    expect(matchRows([row("A", 318000), row("B", 310000, 3), row("C", 320000, 4)], parcels).map((v) => [v.outcome, v.shipmentId, v.expected, v.difference])).toEqual([
      ["matched", 7, 318000, 0],
      ["short", 8, 318000, -8000],
      ["over", 9, 318000, 2000],
    ]);
  });

  it("says why a row remits nothing: unknown AWB, prepaid, not delivered, remitted before, twice in the file", () => {
    const parcels = new Map([
      ["P", parcel({ codAmount: null })],
      ["N", parcel({ delivered: false })],
      ["R", parcel({ remittanceId: 3 })],
      ["A", parcel()],
    ]);
    const verdicts = matchRows([row("X", 100), row("P", 100), row("N", 318000), row("R", 318000), row("A", 318000), row("A", 318000)], parcels);
    expect(verdicts.map((v) => v.outcome)).toEqual(["unknown", "not_cod", "not_delivered", "already_remitted", "matched", "duplicate"]);
    expect(verdicts[3]?.otherRemittanceId).toBe(3);
    expect(verdictMessage(verdicts[3]!, formatPaise)).toBe("Already remitted (remittance #3): not counted again.");
    expect(verdictMessage({ outcome: "short", difference: -8000, otherRemittanceId: null, orderCode: "KH8" }, formatPaise)).toBe("Remitted for order KH8, ₹80 short of its COD amount.");
  });
});

describe("the receivable's ages", () => {
  it("puts whole days since delivery in the buckets 0–7, 8–15, 16–30 and more than 30", () => {
    expect([0, 7, 8, 15, 16, 30, 31, 400].map(bucketOf)).toEqual(["0-7", "0-7", "8-15", "8-15", "16-30", "16-30", "31+", "31+"]);
  });

  it("turns a bucket into the delivery times it spans", () => {
    const now = new Date("2026-11-26T12:00:00.000Z");
    expect(bucketRange("0-7", now)).toEqual({ after: "2026-11-18T12:00:00.000Z", upTo: null });
    expect(bucketRange("8-15", now)).toEqual({ after: "2026-11-10T12:00:00.000Z", upTo: "2026-11-18T12:00:00.000Z" });
    expect(bucketRange("31+", now)).toEqual({ after: null, upTo: "2026-10-26T12:00:00.000Z" });
  });
});
