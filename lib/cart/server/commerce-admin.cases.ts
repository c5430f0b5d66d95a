import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { StaffActor } from "@/lib/platform/audit";
import { openDatabase, type DbHandle } from "@/lib/platform/db/connection";
import { migrateToLatest } from "@/lib/platform/db/migrate";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { couponCreateSchema, gstRateCreateSchema, shippingSettingsSchema, zoneCreateSchema } from "../commerce-admin";

/**
 * The commerce settings' services (./commerce-admin.ts, lib/orders/server/payments/switch.ts) on a
 * real database of one dialect (commerce-admin.sqlite.test.ts, commerce-admin.postgres.test.ts):
 * coupons listed by state and search, unique in any case, checked whole on edit, deleted; the
 * shipping figures stored as the cart reads them; zones refused when they overlap, deactivated,
 * found by PIN; the rate table's duplicate rule and lookup; the payment switch. Each change's audit
 * row is in the database. Outside a request, the cache tags' expiry is a no-op here.
 */

vi.mock("next/cache", () => ({ revalidateTag: () => undefined, unstable_cache: (read: () => Promise<unknown>) => read }));

export function commerceAdminCases(dialect: "sqlite" | "postgres") {
  let database: TestDatabase;
  let handle: DbHandle;
  const previous = { url: process.env.DATABASE_URL, sandbox: process.env.PAYMENTS_SANDBOX };
  let actor: StaffActor;
  const now = new Date("2026-11-26T06:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "commerce_admin");
    handle = await openDatabase(database.target);
    await migrateToLatest(handle);
    const t = now.toISOString();
    const user = await handle.db.insertInto("users").values({ name: "Asha Owner", email: "asha@example.com", phone: null, avatar: null, email_verified: 1, deleted_at: null, role: "owner", created_at: t, updated_at: t }).returning("id").executeTakeFirstOrThrow();
    actor = { userId: user.id, kind: "staff", tokenId: null, ip: "127.0.0.1", userAgent: "vitest" };
    process.env.DATABASE_URL = database.url;
    process.env.PAYMENTS_SANDBOX = "1";
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    const { getDb } = await import("@/lib/platform/db");
    await (await getDb()).close();
    if (previous.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous.url;
    if (previous.sandbox === undefined) delete process.env.PAYMENTS_SANDBOX;
    else process.env.PAYMENTS_SANDBOX = previous.sandbox;
    await database?.drop();
  });

  const services = () => import("./commerce-admin");
  const audits = async (action: string) => handle.db.selectFrom("audit_log").select(["entity_id", "before", "after"]).where("action", "=", action).orderBy("id").execute();
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      return { status: (error as { status?: number }).status, message: (error as Error).message, errors: (error as { errors?: Record<string, string[]> }).errors };
    }
    throw new Error("expected a refusal");
  };

  describe(`the commerce settings' services on ${dialect}`, () => {
    it("coupons: unique in any case, listed by state and search (100% and _ taken literally), checked whole on edit, deleted", async () => {
      const s = await services();
      const ten = await s.createCoupon(actor, couponCreateSchema.parse({ code: "ten_100%".replace("%", ""), title: "Ten 100% off", kind: "percent", value: 10 }), now);
      expect(ten).toMatchObject({ code: "TEN_100", state: "active", uses: 0, discount_given: 0 });
      await s.createCoupon(actor, couponCreateSchema.parse({ code: "soon", title: "Soon", kind: "flat", value: 99.5, starts_at: "2026-12-01" }), now);
      await s.createCoupon(actor, couponCreateSchema.parse({ code: "gone", title: "Gone", kind: "free_shipping", ends_at: "2026-11-01" }), now);
      const twin = await refusal(s.createCoupon(actor, couponCreateSchema.parse({ code: "Ten_100", title: "Twin", kind: "flat", value: 1 }), now));
      expect(twin).toMatchObject({ status: 422, errors: { code: ["A coupon with the code TEN_100 exists already (codes are the same in any case)."] } });
      const codes = async (q: Partial<Parameters<typeof s.listCoupons>[0]>) => (await s.listCoupons({ q: undefined, page: 1, ...q }, now)).items.map((c) => c.code);
      expect(await codes({ page: 1 })).toEqual(["GONE", "SOON", "TEN_100"]);
      expect(await codes({ status: "active", page: 1 })).toEqual(["TEN_100"]);
      expect(await codes({ status: "scheduled", page: 1 })).toEqual(["SOON"]);
      expect(await codes({ status: "expired", page: 1 })).toEqual(["GONE"]);
      expect(await codes({ q: "100%", page: 1 })).toEqual(["TEN_100"]);
      expect(await codes({ q: "n_1", page: 1 })).toEqual(["TEN_100"]);
      expect(await codes({ q: "o_n", page: 1 })).toEqual([]);
      expect((await s.listCoupons({ q: "soon", page: 1 }, now)).items[0]).toMatchObject({ value: 99.5, kind: "flat" });
      const row = await handle.db.selectFrom("coupons").select(["value", "starts_at"]).where("code", "=", "SOON").executeTakeFirstOrThrow();
      expect(row.value).toBe(9950);
      expect(row.starts_at).toBe("2026-11-30T18:30:00.000Z");

      const whole = await refusal(s.updateCoupon(actor, ten.id, { kind: "flat", value: 0 }, now));
      expect(whole).toMatchObject({ status: 422, errors: { value: ["An amount-off coupon takes more than ₹0."] } });
      const off = await s.updateCoupon(actor, ten.id, { active: false }, now);
      expect(off).toMatchObject({ active: false, state: "inactive" });
      expect(await codes({ status: "inactive", page: 1 })).toEqual(["TEN_100"]);
      const renamed = await s.updateCoupon(actor, ten.id, { code: "TENNER" }, now);
      expect(renamed.code).toBe("TENNER");
      expect((await audits("coupon.deactivate")).map((a) => [a.before, a.after])).toEqual([[JSON.stringify({ active: true }), JSON.stringify({ active: false })]]);
      await s.deleteCoupon(actor, ten.id, now);
      expect(await refusal(s.getCoupon(ten.id, now))).toMatchObject({ status: 404 });
      expect((await audits("coupon.create")).length).toBe(3);
      expect((await audits("coupon.delete")).length).toBe(1);
    });

    it("shipping: stored as the cart's settings, audited with what changed, nothing written when nothing changed", async () => {
      const s = await services();
      const figures = shippingSettingsSchema.parse({ standard_fee: 120, express_extra_fee: 150, dispatch_days_in_stock: { min: 2, max: 4 }, dispatch_days_made_to_order: { min: 20, max: 25 }, dispatch_days_express: { min: 1, max: 1 }, gst_default_rate: 5 });
      expect(await s.updateShippingSettings(actor, figures, now)).toEqual(figures);
      expect(await s.shippingSettings()).toEqual(figures);
      await s.updateShippingSettings(actor, figures, now);
      const rows = await audits("settings.update");
      expect(rows.length).toBe(1);
      expect(JSON.parse(rows[0]!.after as string)).toEqual({ standard_fee: 120, dispatch_days_in_stock: { min: 2, max: 4 }, gst_default_rate: 5 });
      const stored = await handle.db.selectFrom("business_settings").select(["type", "value"]).where("type", "in", ["shipping_standard_fee", "dispatch_days_in_stock"]).orderBy("type").execute();
      expect(stored).toEqual([
        { type: "dispatch_days_in_stock", value: "2-4" },
        { type: "shipping_standard_fee", value: "120" },
      ]);
    });

    it("zones: an overlap with an active zone is refused naming it; deactivated, it serves nothing; a PIN finds its zone", async () => {
      const s = await services();
      const zone = (name: string, pin_from: number, pin_to: number) => zoneCreateSchema.parse({ name, pin_from, pin_to, standard_days: { min: 2, max: 3 }, express_days: { min: 1, max: 1 } });
      const made = await s.createZone(actor, zone("Test range", 100100, 100199), now);
      const overlap = await refusal(s.createZone(actor, zone("Clash", 100199, 100300), now));
      expect(overlap).toMatchObject({ status: 422, message: expect.stringContaining('These PINs cross the active zone "Test range" (100100–100199)') });
      const delhi = await refusal(s.updateZone(actor, made.id, { pin_to: 110001 }, now));
      expect(delhi.message).toContain('cross the active zone "North: Delhi');
      // A part of a zone gets its own days: it lies inside, and the narrower one serves its PINs.
      const inner = await s.createZone(actor, zone("Inner part", 100150, 100159), now);
      expect((await s.checkPin("100155", now)).zone).toBe("Inner part");
      expect((await s.checkPin("100160", now)).zone).toBe("Test range");
      await s.updateZone(actor, inner.id, { active: false }, now);
      expect((await s.checkPin("100150", now)).zone).toBe("Test range");
      expect((await s.checkPin("100150", now)).in_stock).toMatchObject({ serviceable: true, zone: "Test range" });
      await s.updateZone(actor, made.id, { active: false }, now);
      expect((await s.checkPin("100150", now)).zone).toBeNull();
      // A deactivated zone does not count against a new one.
      expect((await s.createZone(actor, zone("Clash", 100199, 100300), now)).active).toBe(true);
      expect((await audits("delivery_zone.deactivate")).length).toBe(2);
      expect((await s.listZones()).filter((z) => z.name === "Test range")).toMatchObject([{ active: false, pin_from: 100100 }]);
    });

    it("GST rates: a duplicate is refused; the lookup names the deciding row; edits and deletes are audited", async () => {
      const s = await services();
      expect(await s.lookupGstRate("63021000", 200000, "2026-01-01")).toMatchObject({ rate_percent: 5, row: { hsn_prefix: "6302", max_taxable_value: 2500 } });
      expect(await s.lookupGstRate("63021000", 300000, "2026-01-01")).toMatchObject({ rate_percent: 18, row: { hsn_prefix: "6302", max_taxable_value: null } });
      expect(await s.lookupGstRate("1101", 100, "2026-01-01")).toMatchObject({ row: null, default_rate: true });
      const made = await s.createGstRate(actor, gstRateCreateSchema.parse({ hsn_prefix: "630210", rate_percent: 12, effective_from: "2026-01-01", max_taxable_value: 1000.5 }), now);
      expect(made).toMatchObject({ hsn_prefix: "630210", max_taxable_value: 1000.5, note: null });
      const dup = await refusal(s.createGstRate(actor, gstRateCreateSchema.parse({ hsn_prefix: "630210", rate_percent: 5, effective_from: "2026-01-01", max_taxable_value: 1000.5 }), now));
      expect(dup).toMatchObject({ status: 422, message: "There is already a row for HSN 630210, up to ₹1,000.5, from 2026-01-01: edit that one." });
      expect(await s.lookupGstRate("63021000", 100000, "2026-02-01")).toMatchObject({ rate_percent: 12, row: { id: made.id } });
      await s.updateGstRate(actor, made.id, { rate_percent: 18 }, now);
      expect((await s.lookupGstRate("63021000", 100000, "2026-02-01")).rate_percent).toBe(18);
      await s.deleteGstRate(actor, made.id, now);
      expect((await s.lookupGstRate("63021000", 100000, "2026-02-01")).row?.hsn_prefix).toBe("6302");
      expect([(await audits("gst_rate.create")).length, (await audits("gst_rate.update")).length, (await audits("gst_rate.delete")).length]).toEqual([1, 1, 1]);
    });

    it("payments: a configured provider is switched off and on, one that is not cannot be switched on, one stays on", async () => {
      const { paymentProviders, paymentsOn, updatePaymentSwitches, enabledOnlineProvider } = await import("@/lib/orders");
      expect(await paymentsOn()).toEqual({ razorpay: false, sandbox: true, cod: true });
      expect(await enabledOnlineProvider()).toBe("sandbox");
      const listed = await paymentProviders();
      expect(listed.map((p) => [p.key, p.configured, p.on])).toEqual([
        ["razorpay", false, false],
        ["sandbox", true, true],
        ["cod", true, true],
      ]);
      await updatePaymentSwitches(actor, { enabled: { sandbox: false } }, now);
      expect(await enabledOnlineProvider()).toBeNull();
      expect(await refusal(updatePaymentSwitches(actor, { enabled: { cod: false } }, now))).toMatchObject({ status: 422, message: "At least one way to pay must stay on: switch another on first." });
      expect(await refusal(updatePaymentSwitches(actor, { enabled: { razorpay: true } }, now))).toMatchObject({ status: 422 });
      await updatePaymentSwitches(actor, { enabled: { sandbox: true, cod: false } }, now);
      expect(await paymentsOn()).toEqual({ razorpay: false, sandbox: true, cod: false });
      const rows = await handle.db.selectFrom("audit_log").select(["after"]).where("entity_id", "=", "payments_off").orderBy("id").execute();
      expect(rows.map((r) => r.after)).toEqual([JSON.stringify({ payments_off: ["sandbox"] }), JSON.stringify({ payments_off: ["cod"] })]);
    });
  });
}
