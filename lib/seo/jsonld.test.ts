import { describe, expect, it } from "vitest";
import type { ZoneDays } from "@/lib/cart/delivery";
import { SHIPPING_DEFAULTS, shippingConfigFrom } from "@/lib/cart/shipping";
import { productGroupJsonLd, productJsonLd, serializeJsonLd, type ShippingFacts } from "./jsonld";

const base = { name: "Jaipur Curtain", slug: "jaipur-curtain", sku: "C-1", description: "d", images: ["/media/a.webp"], pricePaise: 249_900, brand: "Kesar Home" };
/** Two of the default zones: together they span 2-7 standard and 1-2 express transit days. */
const NORTH: ZoneDays = { name: "North", standard: { min: 2, max: 4 }, express: { min: 1, max: 1 } };
const EAST: ZoneDays = { name: "East", standard: { min: 5, max: 7 }, express: { min: 2, max: 2 } };
const shipping: ShippingFacts = { config: { ...SHIPPING_DEFAULTS, dispatchInStock: { min: 2, max: 3 } }, zones: [NORTH, EAST] };
const returns = { windowDays: 7, restockingFeePercent: 10 };
type Offer = { availability: string; shippingDetails?: Record<string, unknown>[]; hasMerchantReturnPolicy?: Record<string, unknown> };
const offerOf = (ld: ReturnType<typeof productJsonLd>) => ld.offers as Offer;

describe("JSON-LD", () => {
  it("escapes < so the data can never close its script tag", () => {
    const text = serializeJsonLd({ "@type": "Thing", name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });
  it("describes a product offer in rupees with its availability", () => {
    const ld = productJsonLd({ ...base, availability: "out_of_stock" });
    expect(ld.offers).toMatchObject({ priceCurrency: "INR", price: "2499.00", availability: "https://schema.org/OutOfStock" });
    expect((ld.image as string[])[0]).toMatch(/^http.*\/media\/a\.webp$/);
  });
  it("marks made-to-order pieces MadeToOrder, not PreOrder (which means not yet released)", () => {
    expect(offerOf(productJsonLd({ ...base, availability: "made_to_order" })).availability).toBe("https://schema.org/MadeToOrder");
    expect(offerOf(productJsonLd({ ...base, availability: "in_stock" })).availability).toBe("https://schema.org/InStock");
  });

  it("gives standard and express shipping within India with rates, handling and transit days", () => {
    const details = offerOf(productJsonLd({ ...base, availability: "in_stock", shipping })).shippingDetails;
    expect(details).toEqual([
      {
        "@type": "OfferShippingDetails",
        shippingLabel: "Standard",
        shippingRate: { "@type": "MonetaryAmount", value: 99, currency: "INR" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "IN" },
        deliveryTime: {
          "@type": "ShippingDeliveryTime",
          businessDays: expect.objectContaining({ "@type": "OpeningHoursSpecification" }),
          handlingTime: { "@type": "QuantitativeValue", minValue: 2, maxValue: 3, unitCode: "DAY" },
          transitTime: { "@type": "QuantitativeValue", minValue: 2, maxValue: 7, unitCode: "DAY" },
        },
      },
      expect.objectContaining({
        shippingLabel: "Express",
        shippingRate: { "@type": "MonetaryAmount", value: 249, currency: "INR" },
        deliveryTime: expect.objectContaining({
          handlingTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 1, unitCode: "DAY" },
          transitTime: { "@type": "QuantitativeValue", minValue: 1, maxValue: 2, unitCode: "DAY" },
        }),
      }),
    ]);
    const days = (details?.[0]?.deliveryTime as { businessDays: { dayOfWeek: string[] } }).businessDays.dayOfWeek;
    expect(days).toHaveLength(6);
    expect(days).not.toContain("https://schema.org/Sunday");
  });

  it("gives made-to-order pieces their 4-5 weeks of handling for both methods", () => {
    const details = offerOf(productJsonLd({ ...base, availability: "made_to_order", shipping })).shippingDetails ?? [];
    expect(details.map((d) => (d.deliveryTime as { handlingTime: unknown }).handlingTime)).toEqual([
      { "@type": "QuantitativeValue", minValue: 20, maxValue: 25, unitCode: "DAY" },
      { "@type": "QuantitativeValue", minValue: 20, maxValue: 25, unitCode: "DAY" },
    ]);
  });

  it("follows the zones and the dispatch settings, not fixed numbers", () => {
    const slowZone: ZoneDays = { name: "Islands", standard: { min: 9, max: 14 }, express: { min: 4, max: 6 } };
    const config = shippingConfigFrom({ dispatch_days_in_stock: "3-5", dispatch_days_express: "2" });
    const details = offerOf(productJsonLd({ ...base, availability: "in_stock", shipping: { config, zones: [NORTH, slowZone] } })).shippingDetails ?? [];
    const times = details.map((d) => d.deliveryTime as { handlingTime: { minValue: number; maxValue: number }; transitTime: { minValue: number; maxValue: number } });
    expect(times.map((t) => [t.handlingTime.minValue, t.handlingTime.maxValue, t.transitTime.minValue, t.transitTime.maxValue])).toEqual([
      [3, 5, 2, 14],
      [2, 2, 1, 6],
    ]);
  });

  it("claims no shipping when no zone is served, or for a product out of stock", () => {
    expect(offerOf(productJsonLd({ ...base, availability: "in_stock", shipping: { ...shipping, zones: [] } })).shippingDetails).toBeUndefined();
    expect(offerOf(productJsonLd({ ...base, availability: "out_of_stock", shipping })).shippingDetails).toBeUndefined();
  });

  it("states the return window and terms of the return policy", () => {
    const policy = offerOf(productJsonLd({ ...base, availability: "in_stock", returns })).hasMerchantReturnPolicy;
    expect(policy).toMatchObject({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "IN",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 7,
      returnMethod: "https://schema.org/ReturnByMail",
      customerRemorseReturnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      itemDefectReturnFees: "https://schema.org/FreeReturn",
      restockingFee: 10,
    });
    expect(policy?.merchantReturnLink).toMatch(/^http.*\/return-policy$/);
    const noFee = offerOf(productJsonLd({ ...base, availability: "in_stock", returns: { windowDays: 14, restockingFeePercent: 0 } })).hasMerchantReturnPolicy;
    expect(noFee).toMatchObject({ merchantReturnDays: 14 });
    expect(noFee).not.toHaveProperty("restockingFee");
  });

  it("says made-to-order pieces cannot be returned", () => {
    const policy = offerOf(productJsonLd({ ...base, availability: "made_to_order", returns })).hasMerchantReturnPolicy;
    expect(policy).toMatchObject({ returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted", applicableCountry: "IN" });
    expect(policy).not.toHaveProperty("merchantReturnDays");
  });

  it("describes a product sold by variant as a ProductGroup: what it varies by, and each variant a Product with its SKU, size, photo and Offer at its own link", () => {
    const ld = productGroupJsonLd({
      name: "Bagru Curtain",
      slug: "bagru-curtain",
      sku: "KH-CUR-001",
      description: "d",
      images: ["/media/p-1.webp", "/media/p-2.webp"],
      brand: "Kesar Home",
      options: [{ name: "Length" }],
      variants: [
        { sku: "KH-CUR-001-5FT", label: "5 ft", slug: "5-ft", values: ["5 ft"], pricePaise: 209_900, availability: "in_stock", photo: "/media/p-1.webp" },
        { sku: "KH-CUR-001-9FT", label: "9 ft", slug: "9-ft", values: ["9 ft"], pricePaise: 349_900, availability: "out_of_stock", photo: null },
      ],
      shipping,
      returns,
    });
    expect(ld).toMatchObject({ "@type": "ProductGroup", productGroupID: "KH-CUR-001", variesBy: ["https://schema.org/size"], brand: { name: "Kesar Home" } });
    const variants = ld.hasVariant as Record<string, unknown>[];
    expect(variants.map((v) => [v["@type"], v.sku, v.name, v.size])).toEqual([
      ["Product", "KH-CUR-001-5FT", "Bagru Curtain, 5 ft", "5 ft"],
      ["Product", "KH-CUR-001-9FT", "Bagru Curtain, 9 ft", "9 ft"],
    ]);
    expect(variants[0]!.offers).toMatchObject({ price: "2099.00", priceCurrency: "INR", availability: "https://schema.org/InStock" });
    expect((variants[0]!.offers as { url: string }).url).toMatch(/^http.*\/products\/bagru-curtain\?variant=5-ft$/);
    expect(variants[1]!.offers).toMatchObject({ price: "3499.00", availability: "https://schema.org/OutOfStock" });
    expect(variants[1]!.image).toMatch(/\/media\/p-1\.webp$/);
    // Shipping and returns as a single product's offer has them.
    expect((variants[0]!.offers as Offer).shippingDetails?.length).toBe(2);
    expect((variants[0]!.offers as Offer).hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 7 });
    const colours = productGroupJsonLd({ ...base, images: [], options: [{ name: "Size" }, { name: "Colour" }, { name: "Weave" }], variants: [{ sku: "S-1", label: "King / Ivory / Plain", slug: "king-ivory-plain", values: ["King", "Ivory", "Plain"], pricePaise: 1, availability: "in_stock", photo: null }] });
    expect(colours.variesBy).toEqual(["https://schema.org/size", "https://schema.org/color"]);
    expect((colours.hasVariant as Record<string, unknown>[])[0]).toMatchObject({ size: "King", color: "Ivory" });
  });
});
