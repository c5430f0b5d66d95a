import "server-only";
import { expireTagsAnywhere } from "../cache";
import { cacheTagEntry } from "../cache-manifest";
import { getConfig } from "../config";
import { sendMailNow, type MailBrand, type MailMessage } from "../mail";
import { registerEffect, registerEventKind, type EffectContext } from "./dispatcher";

/**
 * The effects the outbox knows, and the events that ask for them:
 *  - mail: renders a kind of mail for an entity (a renderer each domain registers: "order" for an
 *    order's mails, "account" for the account notices) and sends it, with a Message-ID made from
 *    the event and the effect;
 *  - cache: expires tags of the cache manifest (product pages after stock moved).
 * The back office's staff notifications will be a third effect, of the same order events.
 */

/** A mail for an entity: which renderer, and what it needs to find the entity (ids, an address). */
export type MailPayload = { mail: string; ref: Record<string, string | number | null> };
export type CachePayload = { tags: string[] };

/** What a transaction may ask for after it commits. */
export type OutboxEvent = { kind: "mail"; payload: MailPayload } | { kind: "cache"; payload: CachePayload };

/** Renders the mail, or answers null when there is nothing to send (the order has no email any more). */
export type MailRenderer = (ref: MailPayload["ref"], brand: MailBrand) => Promise<MailMessage | null>;

const globalForMails = globalThis as typeof globalThis & { __storeOutboxMails?: Map<string, MailRenderer> };
const renderers: Map<string, MailRenderer> = (globalForMails.__storeOutboxMails ??= new Map());

/** A domain names how its mails are rendered (at module load, next to the renderer). */
export function registerMail(mail: string, render: MailRenderer): void {
  renderers.set(mail, render);
}

/** The event asking for a mail: `mail` names a registered renderer, `ref` the entity. */
export function mailEvent(mail: string, ref: MailPayload["ref"]): OutboxEvent {
  return { kind: "mail", payload: { mail, ref } };
}

/**
 * The event asking to expire cache tags once the transaction has committed. The cache manifest
 * names the module that calls it under each tag, as for expireTags (cache-manifest.test.ts).
 */
export function expireTagsAfterCommit(tags: readonly string[]): OutboxEvent {
  for (const tag of tags) if (!cacheTagEntry(tag)) throw new Error(`Cache tag "${tag}" is not in the cache manifest (lib/platform/cache-manifest.ts).`);
  return { kind: "cache", payload: { tags: [...new Set(tags)] } };
}

/**
 * The Message-ID of an outbox mail: the same for every attempt of one delivery, so a mail sent
 * twice is recognisable as one message. The event's creation time is in it too, so a database
 * restored from a backup, which hands out event ids again, never reuses one.
 */
export function outboxMessageId(context: Pick<EffectContext, "eventId" | "createdAt" | "effect">, siteUrl: string): string {
  const host = new URL(siteUrl).hostname || "localhost";
  return `<outbox.${context.eventId}.${Date.parse(context.createdAt)}.${context.effect}@${host}>`;
}

registerEventKind("mail", ["mail"]);
registerEventKind("cache", ["cache"]);

registerEffect(
  "mail",
  async (payload, context) => {
    const { mail, ref } = payload as MailPayload;
    const render = renderers.get(mail);
    if (!render) throw new Error(`no mail renderer "${mail}" is registered in this process`);
    return sendMailNow((brand) => render(ref, brand), outboxMessageId(context, getConfig().siteUrl));
  },
  // A process that has not loaded the domain rendering this mail leaves it to one that has.
  (payload) => renderers.has((payload as MailPayload).mail),
);

registerEffect("cache", async (payload) => {
  await expireTagsAnywhere((payload as CachePayload).tags, getConfig().redis !== null);
});
