import { describe, expect, it } from "vitest";
import { csvRupees, indianDateTime, ORDER_CSV_COLUMNS, orderCsvFileName, orderCsvHeader, orderCsvLine, type OrderCsvRow } from "./order-csv";

const row = (o: Partial<OrderCsvRow> = {}): OrderCsvRow => ({
  code: "KH261124-BBBB2",
  createdAt: "2026-11-23T18:45:00.000Z",
  customer: "Meera Iyer",
  phone: "9876543210",
  email: "meera@example.com",
  city: "Bengaluru",
  state: "Karnataka",
  deliveryStatus: "Shipped",
  paymentType: "cash_on_delivery",
  paymentStatus: "Un-Paid",
  items: 3,
  total: 249_950,
  gst: 26_780,
  shipping: 9_900,
  coupon: "DIWALI10",
  couponDiscount: 25_000,
  awbs: ["SBX100200", "1234567890123"],
  refunded: 0,
  ...o,
});

describe("the order list's CSV", () => {
  it("has the columns a shop owner reads, and writes one order as India's time and rupees", () => {
    expect(orderCsvHeader()).toBe(ORDER_CSV_COLUMNS.join(","));
    expect(orderCsvHeader()).toBe("code,date,customer,phone,email,city,state,status,payment_type,payment_status,items,total,gst,shipping,coupon,coupon_discount,awb,refunded");
    expect(orderCsvLine(row())).toBe("KH261124-BBBB2,2026-11-24 00:15,Meera Iyer,9876543210,meera@example.com,Bengaluru,Karnataka,Shipped,Cash on Delivery,Un-Paid,3,2499.50,267.80,99,DIWALI10,250,SBX100200 1234567890123,0");
    expect(orderCsvLine(row({ paymentType: "online", coupon: null, awbs: [], refunded: 50 }))).toMatch(/,Online,Un-Paid,3,2499\.50,267\.80,99,,250,,0\.50$/);
  });

  it("makes a cell a spreadsheet would run as a formula text, and quotes commas and quotes", () => {
    const line = orderCsvLine(row({ customer: "=HYPERLINK(\"http://evil\")", email: "+91@x.in", city: "-2+3", state: "@SUM(A1)", phone: "Ravi, \"Jr\"" }));
    expect(line).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(line).toContain(",'+91@x.in,");
    expect(line).toContain(",'-2+3,'@SUM(A1),");
    expect(line).toContain(`,"Ravi, ""Jr""",`);
  });

  it("rounds nothing away and names the file by India's day", () => {
    expect([0, 1, 99, 100, 123_456_789].map(csvRupees)).toEqual(["0", "0.01", "0.99", "1", "1234567.89"]);
    expect(indianDateTime("2026-11-26T20:00:00.000Z")).toBe("2026-11-27 01:30");
    expect(orderCsvFileName(new Date("2026-11-26T20:00:00.000Z"))).toBe("orders-2026-11-27.csv");
  });
});
