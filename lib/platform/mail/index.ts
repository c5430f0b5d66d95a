import "server-only";
import type { Transporter } from "nodemailer";
import { getConfig } from "../config";
import { getDb, type Db } from "../db";
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

/**
 * How the shop signs its mail: name, logo and contact details from the business settings. The
 * logo's URL is absolute (made from SITE_URL), as a mail client needs it.
 */
export type MailBrand = { name: string; logoUrl: string | null; siteUrl: string; contactEmail: string; contactPhone: string; address: string };

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
    address: s.contact_address ?? "",
  };
}

const globalForMail = globalThis as typeof globalThis & { __storeMailer?: Promise<Transporter> };

/**
 * How long the SMTP client waits for the connection, the server's greeting and between packets
 * (nodemailer's own defaults are 2 min, 30 s and 10 min). An outbox delivery holds its lease for
 * LEASE_MS (../outbox/store.ts), well above what a send can take with these, so a slow send is
 * never taken for a dead one and sent a second time. SMTP_URL may set its own in its query.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const;

/** SMTP_URL with the timeouts above added unless it names them itself. */
export function smtpUrlWithTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  return parsed.toString();
}

async function transporter(url: string): Promise<Transporter> {
  globalForMail.__storeMailer ??= import("nodemailer").then((m) => (m.default ?? m).createTransport(smtpUrlWithTimeouts(url)));
  return globalForMail.__storeMailer;
}

function sender(brand: MailBrand): string {
  return getConfig().mailFrom ?? `"${brand.name.replace(/"/g, "")}" <${brand.contactEmail || "no-reply@localhost"}>`;
}

/** The mail_outbox row of a mail kept locally, and its console line. */
async function keepLocally(db: Db, message: MailMessage): Promise<void> {
  await db
    .insertInto("mail_outbox")
    .values({ to_address: message.to, subject: message.subject, text_body: outboxText(message), html_body: message.html, created_at: new Date().toISOString() })
    .execute();
  log.info({ mail: { to: message.to, subject: message.subject, text: outboxText(message) } }, "mail kept in the outbox (no SMTP_URL; npm run outbox shows it)");
}

async function deliver(compose: (brand: MailBrand) => MailMessage): Promise<MailMessage> {
  const config = getConfig();
  const brand = await mailBrand();
  const message = compose(brand);
  if (config.smtpUrl) {
    await (await transporter(config.smtpUrl)).sendMail({ from: sender(brand), ...message });
    return message;
  }
  // No SMTP server: the outbox table (npm run outbox) and the console, for a shop run locally.
  await keepLocally((await getDb()).db, message);
  return message;
}

/**
 * Sends a mail after the current request has answered: the message is composed (with the shop's
 * name and logo) and delivered later, so the caller never waits for settings or the SMTP server.
 * A request that mails (a code for a known email) then takes as long as one that does not (an
 * unknown email), and it never touches the database from inside better-auth's transaction.
 * Failures are logged without the body, which may hold a code.
 *
 * Only for the mails that carry a sign-in code or a link (docs/decisions/0042): everything else
 * goes through the outbox (../outbox/), which retries it and keeps its state in the database.
 */
export function sendMail(to: string, compose: (brand: MailBrand) => MailMessage): void {
  setImmediate(() => {
    deliver(compose).catch((error: unknown) => {
      log.error({ err: error }, "a mail could not be sent");
    });
  });
}

/**
 * Sends a composed mail now, for the outbox's mail effect, and resolves once the SMTP server has
 * accepted it (throws when it refuses or cannot be reached, so the outbox retries). The message
 * carries `messageId`, the same on every attempt of one delivery, so a mail sent twice (the one
 * window the outbox leaves: a crash after the server accepted it and before it was marked done)
 * is recognisable as one message.
 *
 * With no SMTP_URL the mail is kept in mail_outbox instead: that is a database write, so it is
 * handed back to be made in the transaction that marks the delivery done (exactly once).
 */
export async function sendMailNow(compose: (brand: MailBrand) => MailMessage | Promise<MailMessage | null> | null, messageId: string): Promise<((trx: Db) => Promise<void>) | undefined> {
  const config = getConfig();
  const brand = await mailBrand();
  const message = await compose(brand);
  if (!message) return undefined;
  if (config.smtpUrl) {
    await (await transporter(config.smtpUrl)).sendMail({ from: sender(brand), messageId, ...message });
    return undefined;
  }
  return (trx) => keepLocally(trx, message);
}
