import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { logoSvg } from "../../lib/seed/scenes";
import { alphaMismatch, DEJAVU_NPM_FONTS, IMAGE_STAMP, imageInputsHash, renderSvgAlpha, testedImageHash, writeImageStamp } from "./image";

const empty = fs.mkdtempSync(path.join(os.tmpdir(), "kesar-no-fonts-"));
afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));

describe("the logo check of npm run test:image", () => {
  it("tells the logo drawn with its font from the logo drawn where no font is found (its text as empty boxes)", () => {
    const { svg } = logoSvg("header");
    const reference = renderSvgAlpha(svg, DEJAVU_NPM_FONTS);
    expect(reference.width).toBe(520);
    expect(alphaMismatch(reference, renderSvgAlpha(svg, DEJAVU_NPM_FONTS))).toBe(0);
    expect(alphaMismatch(reference, renderSvgAlpha(svg, empty))).toBeGreaterThan(0.05);
  });
});

describe("the image test's stamp", () => {
  it("records the hash of the image's inputs, and writing it does not change that hash", () => {
    const before = fs.existsSync(IMAGE_STAMP) ? fs.readFileSync(IMAGE_STAMP, "utf8") : null;
    try {
      const hash = imageInputsHash();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      writeImageStamp();
      expect(testedImageHash()).toBe(hash);
      expect(imageInputsHash()).toBe(hash);
    } finally {
      if (before === null) fs.rmSync(IMAGE_STAMP, { force: true });
      else fs.writeFileSync(IMAGE_STAMP, before);
    }
  });
});
