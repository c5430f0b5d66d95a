import "server-only";
import type { Transporter } from "nodemailer";
import { getConfig } from "../config";
import { getDb } from "../db";
import { getSiteSettings } from "../settings";
import { log } from "../log";

/** A file sent with a mail (an order's invoice PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

/**
 * The text the outbox keeps of a mail: its body and, for each attachment, a note of its name,
 * type and size (the outbox is for reading mails locally, so the files themselves are not kept).
 */
export function outboxText(message: MailMessage): string {
  const files = message.attachments ?? [];
  if (files.length === 0) return message.text;
  const notes = files.map((f) => `[Attachment: ${f.filename} (${f.contentType}, ${f.content.byteLength} bytes)]`);
  return `${message.text}\n\n${notes.join("\n")}`;
}

/** How the shop signs its mail: name, logo and contact details from the business settings. */
export type MailBrand = { name: string; logoUrl: string | null; siteUrl: string; contactEmail: string; contactPhone: string };

export async function mailBrand(): Promise<MailBrand> {
  const s = await getSiteSettings();
  const siteUrl = getConfig().siteUrl;
  const logo = s.header_logo_path || s.footer_logo_path;
  return {
    name: s.website_name || "Our store",
    logoUrl: logo ? new URL(logo, `${siteUrl}/`).toString() : null,
    siteUrl,
    contactEmail: s.contact_email,
    contactPhone: s.contact_phone,
  };
}

const globalForMail = globalThis as typeof globalThis & { __storeMailer?: Promise<Transporter> };

async function transporter(url: string): Promise<Transporter> {
  globalForMail.__storeMailer ??= import("nodemailer").then((m) => (m.default ?? m).createTransport(url));
  return globalForMail.__storeMailer;
}

async function deliver(compose: (brand: MailBrand) => MailMessage): Promise<MailMessage> {
  const config = getConfig();
  const brand = await mailBrand();
  const message = compose(brand);
  if (config.smtpUrl) {
    const from = config.mailFrom ?? `"${brand.name.replace(/"/g, "")}" <${brand.contactEmail || "no-reply@localhost"}>`;
    await (await transporter(config.smtpUrl)).sendMail({ from, ...message });
    return message;
  }
  // No SMTP server: the outbox table (npm run outbox) and the console, for a shop run locally.
  const { db } = await getDb();
  await db
    .insertInto("mail_outbox")
    .values({ to_address: message.to, subject: message.subject, text_body: outboxText(message), html_body: message.html, created_at: new Date().toISOString() })
    .execute();
  log.info({ mail: { to: message.to, subject: message.subject, text: outboxText(message) } }, "mail kept in the outbox (no SMTP_URL; npm run outbox shows it)");
  return message;
}

/**
 * Sends a mail after the current request has answered: the message is composed (with the shop's
 * name and logo) and delivered later, so the caller never waits for settings or the SMTP server.
 * A request that mails (a code for a known email) then takes as long as one that does not (an
 * unknown email), and it never touches the database from inside better-auth's transaction.
 * Failures are logged without the body, which may hold a code.
 */
export function sendMail(to: string, compose: (brand: MailBrand) => MailMessage): void {
  setImmediate(() => {
    deliver(compose).catch((error: unknown) => {
      log.error({ err: error }, "a mail could not be sent");
    });
  });
}
