import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawBrandShareImage, drawPhotoShareImage, shareImageResponse } from "./share-image";

/** A noisy test photo (noise is the hardest case for the JPEG's weight). */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).webp().toBuffer();
}

async function decoded(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe("drawing share images", () => {
  it.each([
    ["a square product photo", 800, 800],
    ["a category cover", 800, 600],
    ["a blog banner", 1200, 630],
    ["a wide slider", 1600, 700],
    ["a tall photo", 600, 1200],
  ])("makes %s a 1200 × 630 JPEG under 300 KB", async (_name, width, height) => {
    const out = await drawPhotoShareImage(await photo(width, height));
    expect(await decoded(out)).toEqual({ format: "jpeg", width: 1200, height: 630 });
    expect(out.length).toBeLessThan(300_000);
  });

  it("shows a square photo whole, as tall as the canvas, in the middle", async () => {
    const red = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#c00000" } }).png().toBuffer();
    const { data, info } = await sharp(await drawPhotoShareImage(red)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The photo spans x 285..914 at full height; the backdrop beside it is the darkened blur.
    for (const [x, y] of [[300, 5], [600, 315], [900, 624]] as const) expect(at(x, y)[0], `${x},${y}`).toBeGreaterThan(180);
    expect(at(100, 315)[0]).toBeLessThan(180);
  });

  it("draws the brand image from the logo, or from the name in letters when there is no logo", async () => {
    const logo = await sharp({ create: { width: 520, height: 140, channels: 4, background: { r: 250, g: 240, b: 220, alpha: 1 } } }).webp().toBuffer();
    for (const out of [
      await drawBrandShareImage({ logo: "/media/brand/logo-footer.webp", background: "navy", name: "Kesar Home" }, logo),
      await drawBrandShareImage({ logo: "/media/brand/logo-header.webp", background: "sand", name: "Kesar Home" }, logo),
      await drawBrandShareImage({ logo: null, background: "navy", name: "Kesar & Sons <Home>" }, null),
    ]) {
      expect(await decoded(out)).toEqual({ format: "jpeg", width: 1200, height: 630 });
      expect(out.length).toBeLessThan(300_000);
    }
    // The name is drawn: the middle of the canvas is not plain navy.
    const { data } = await sharp(await drawBrandShareImage({ logo: null, background: "navy", name: "Kesar Home" }, null)).raw().toBuffer({ resolveWithObject: true });
    const light = [...Array(data.length / 3).keys()].filter((i) => (data[i * 3] ?? 0) > 200).length;
    expect(light).toBeGreaterThan(2000);
  });
});

describe("the answer for a share image", () => {
  const draw = () => sharp({ create: { width: 1200, height: 630, channels: 3, background: "#02132f" } }).jpeg().toBuffer();

  it("is kept for a year when the URL names the current version, briefly otherwise", async () => {
    const current = await shareImageResponse(new Request("http://store/og/brand.jpg?v=abc"), "abc", draw);
    expect(current.status).toBe(200);
    expect(Object.fromEntries(current.headers)).toMatchObject({ "content-type": "image/jpeg", "cache-control": "public, max-age=31536000, immutable", etag: '"abc"' });
    const old = await shareImageResponse(new Request("http://store/og/brand.jpg?v=old"), "abc", draw);
    expect(old.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect((await decoded(Buffer.from(await old.arrayBuffer()))).width).toBe(1200);
  });

  it("answers a matching If-None-Match with 304 without drawing", async () => {
    let drawn = 0;
    const res = await shareImageResponse(new Request("http://store/og/brand.jpg?v=abc", { headers: { "If-None-Match": '"abc"' } }), "abc", async () => {
      drawn++;
      return draw();
    });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe('"abc"');
    expect(drawn).toBe(0);
  });

  it("draws a picture once for a burst of requests, whatever `v` they carry, and keeps it for the next", async () => {
    let drawn = 0;
    const counted = async () => {
      drawn++;
      return draw();
    };
    const urls = ["?v=burst", "?v=other", "", "?v=burst"].map((q) => new Request(`http://store/og/brand.jpg${q}`));
    const answers = await Promise.all(urls.map((r) => shareImageResponse(r, "burst", counted)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    await shareImageResponse(new Request("http://store/og/brand.jpg?v=burst"), "burst", counted);
    expect(drawn).toBe(1);
    await shareImageResponse(new Request("http://store/og/brand.jpg?v=next"), "next", counted);
    expect(drawn).toBe(2);
  });
});
