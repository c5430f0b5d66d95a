import { describe, expect, it } from "vitest";
import { BRAND_SHARE_PATH, brandLook, brandShareImage, photoShareImage, photoSharePath, photoSourceOf, shareImageFor } from "./share-image";

const settings = { website_name: "Kesar Home", footer_logo_path: "/media/brand/logo-footer.webp", header_logo_path: "/media/brand/logo-header.webp" };

describe("share images of pages with a photo", () => {
  it("name a 1200 × 630 JPEG drawn from the photo, with its alt text", () => {
    const image = photoShareImage("/media/products/kohl-blackout-curtain-0.webp", "Kohl blackout curtain in a bedroom");
    expect(image).toEqual({
      url: expect.stringMatching(/^\/og\/products\/kohl-blackout-curtain-0\.webp\.jpg\?v=[\w-]{12}$/),
      width: 1200,
      height: 630,
      alt: "Kohl blackout curtain in a bedroom",
      type: "image/jpeg",
    });
  });

  it("get a new URL when the photo changes, and the same one for the same photo", () => {
    const a = photoShareImage("/media/products/a-0.webp", "A")?.url;
    expect(photoShareImage("/media/products/a-0.webp", "other alt")?.url).toBe(a);
    expect(photoShareImage("/media/products/a-1.webp", "A")?.url).not.toBe(a);
  });

  it("lead the route back to the photo, and to nothing outside /media", () => {
    const path = photoSharePath("/media/blog/festive-styling.webp");
    expect(path).toBe("/og/blog/festive-styling.webp.jpg");
    expect(photoSourceOf(["blog", "festive-styling.webp.jpg"])).toBe("/media/blog/festive-styling.webp");
    for (const segments of [["..", "..", "etc", "passwd.jpg"], ["products", "..", "x.webp.jpg"], ["products", "x.webp"], ["products", "x.svg.jpg"], [".hidden.png.jpg"]]) {
      expect(photoSourceOf(segments), segments.join("/")).toBeNull();
    }
    for (const source of ["https://cdn.example/x.webp", "/avatars/x.webp", "/media/../x.webp", "/media/x.gif", ""]) expect(photoSharePath(source), source).toBeNull();
  });

  it("fall back to the brand image when the page has no photo the store can draw from", () => {
    expect(shareImageFor(settings, { path: null, alt: "x" }).url).toMatch(/^\/og\/brand\.jpg\?v=/);
    expect(shareImageFor(settings, { path: "https://cdn.example/x.webp", alt: "x" }).url).toMatch(/^\/og\/brand\.jpg\?v=/);
    expect(shareImageFor(settings, { path: "/media/categories/curtains.webp", alt: "Curtains" }).alt).toBe("Curtains");
  });
});

describe("the brand image", () => {
  it("is the light logo on navy, else the dark logo on sand, else the name", () => {
    expect(brandLook(settings)).toEqual({ logo: settings.footer_logo_path, background: "navy", name: "Kesar Home" });
    expect(brandLook({ ...settings, footer_logo_path: "" })).toEqual({ logo: settings.header_logo_path, background: "sand", name: "Kesar Home" });
    expect(brandLook({ website_name: "", footer_logo_path: "https://x.example/l.png", header_logo_path: "" })).toEqual({ logo: null, background: "navy", name: "Our store" });
  });

  it("changes its URL with the logo or the name, and says what it shows", () => {
    const image = brandShareImage(settings);
    expect(image).toMatchObject({ width: 1200, height: 630, type: "image/jpeg", alt: "Kesar Home logo" });
    expect(image.url.startsWith(`${BRAND_SHARE_PATH}?v=`)).toBe(true);
    expect(brandShareImage(settings).url).toBe(image.url);
    expect(brandShareImage({ ...settings, website_name: "Kesar" }).url).not.toBe(image.url);
    expect(brandShareImage({ ...settings, footer_logo_path: "/media/brand/new-logo.webp" }).url).not.toBe(image.url);
  });
});
