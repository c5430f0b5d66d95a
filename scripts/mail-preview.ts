/**
 * npm run mail:preview [-- --out DIR] [-- --screenshots DIR] [-- --media DIR]
 *
 * Writes every order mail of a made-up order (lib/orders/server/order-mail-samples.ts: each kind,
 * a Cash on Delivery order's placed mail, each return step) as DIR/NAME.html and DIR/NAME.txt
 * (default $TMPDIR/mail-preview), to open in a browser or send to a test inbox. With --screenshots it
 * also takes a PNG of each at 390 px (a phone) and 600 px wide with Chromium (Playwright; the
 * executable from CHROMIUM_PATH or /usr/bin/chromium, as for the e2e tests), the review's
 * pictures in docs/screenshots/mails/. The sample's images point at https://shop.example/media/…,
 * which the screenshots serve from --media (default public/media, made by npm run seed).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { SAMPLE_BRAND, sampleOrderMails } from "../lib/orders/server/order-mail-samples";
import { renderOrderMailMessage } from "../lib/orders/server/order-mail-view";

const WIDTHS = [390, 600] as const;

function option(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? null) : null;
}

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

async function screenshots(files: { name: string; html: string }[], dir: string, media: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
      // The mail's images, from the local media folder; nothing else leaves the machine.
      await page.route("**/*", async (route) => {
        const url = new URL(route.request().url());
        if (url.origin === new URL(SAMPLE_BRAND.siteUrl).origin && url.pathname.startsWith("/media/")) {
          const file = path.join(media, url.pathname.slice("/media/".length));
          if (fs.existsSync(file)) return route.fulfill({ body: fs.readFileSync(file), contentType: CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream" });
        }
        return url.protocol === "data:" ? route.continue() : route.fulfill({ status: 404, body: "" });
      });
      for (const { name, html } of files) {
        await page.setContent(html, { waitUntil: "load" });
        // A palette PNG: a tenth of the size, and the same picture to the eye.
        const png = await page.screenshot({ fullPage: true });
        await sharp(png).png({ palette: true, quality: 85, effort: 10 }).toFile(path.join(dir, `${name}-${width}.png`));
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const out = path.resolve(option("out") ?? path.join(os.tmpdir(), "mail-preview"));
  const shots = option("screenshots");
  fs.mkdirSync(out, { recursive: true });
  const files: { name: string; html: string }[] = [];
  for (const { name, mail } of sampleOrderMails()) {
    const message = await renderOrderMailMessage(mail, SAMPLE_BRAND);
    fs.writeFileSync(path.join(out, `${name}.html`), message.html);
    fs.writeFileSync(path.join(out, `${name}.txt`), `Subject: ${message.subject}\n\n${message.text}\n`);
    files.push({ name, html: message.html });
  }
  console.log(`${files.length} mails written to ${out}`);
  if (shots) {
    await screenshots(files, path.resolve(shots), path.resolve(option("media") ?? "public/media"));
    console.log(`screenshots at ${WIDTHS.join(" and ")} px in ${path.resolve(shots)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
