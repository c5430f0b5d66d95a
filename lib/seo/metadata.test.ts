import { describe, expect, it } from "vitest";
import { pageMetadata, productOpenGraph } from "./metadata";
import { photoShareImage } from "./share-image";

const image = photoShareImage("/media/products/kohl-blackout-curtain-0.webp", "Kohl blackout curtain");

describe("page metadata", () => {
  it("names the share image with its size, type and alt for Open Graph and Twitter", () => {
    const meta = pageMetadata({ title: "Kohl", description: "A curtain.", path: "/products/kohl", image });
    expect(meta.openGraph?.images).toEqual([{ url: image?.url, width: 1200, height: 630, alt: "Kohl blackout curtain", type: "image/jpeg" }]);
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", images: [{ url: image?.url, alt: "Kohl blackout curtain", width: 1200, height: 630 }] });
  });

  it("keeps the product's own page canonical when a shared link names a variant, which og:url carries", () => {
    const meta = pageMetadata({ title: "Kohl (9 ft)", description: "A curtain.", path: "/products/kohl", url: "/products/kohl?variant=9-ft", image });
    expect(meta.alternates?.canonical).toBe("/products/kohl");
    expect(meta.openGraph?.url).toBe("/products/kohl?variant=9-ft");
    expect(pageMetadata({ title: "Kohl", description: "A curtain.", path: "/products/kohl", image }).openGraph?.url).toBe("/products/kohl");
  });

  it("leaves og:type to the product page itself, which Next's Metadata API cannot write", () => {
    expect(pageMetadata({ title: "Kohl", description: "d", path: "/p", image, type: "product" }).openGraph).not.toHaveProperty("type");
    expect(pageMetadata({ title: "Post", description: "d", path: "/b", image, type: "article" }).openGraph).toHaveProperty("type", "article");
    expect(pageMetadata({ title: "About", description: "d", path: "/a", image }).openGraph).toHaveProperty("type", "website");
  });
});

describe("a product's Open Graph tags", () => {
  it("say og:type product and the selling price in rupees, INR", () => {
    expect(productOpenGraph({ pricePaise: 249_900, availability: "in_stock" })).toEqual([
      { property: "og:type", content: "product" },
      { property: "product:price:amount", content: "2499.00" },
      { property: "product:price:currency", content: "INR" },
      { property: "product:availability", content: "in stock" },
    ]);
    expect(productOpenGraph({ pricePaise: 105, availability: "made_to_order" })).toContainEqual({ property: "product:price:amount", content: "1.05" });
  });
});
