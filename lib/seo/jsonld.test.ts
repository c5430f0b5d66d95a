import { describe, expect, it } from "vitest";
import { productJsonLd, serializeJsonLd } from "./jsonld";

describe("JSON-LD", () => {
  it("escapes < so the data can never close its script tag", () => {
    const text = serializeJsonLd({ "@type": "Thing", name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script>");
  });
  it("describes a product offer in rupees with its availability", () => {
    const ld = productJsonLd({ name: "Jaipur Curtain", slug: "jaipur-curtain", sku: "C-1", description: "d", images: ["/media/a.webp"], pricePaise: 249_900, availability: "out_of_stock", brand: "Kesar Home" });
    expect(ld.offers).toMatchObject({ priceCurrency: "INR", price: "2499.00", availability: "https://schema.org/OutOfStock" });
    expect((ld.image as string[])[0]).toMatch(/^http.*\/media\/a\.webp$/);
  });
});
