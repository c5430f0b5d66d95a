import "server-only";
import { getDb } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { audit, type StaffActor } from "@/lib/platform/audit";
import { sanitizeRichText } from "@/lib/platform/html";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead, expireTags } from "@/lib/platform/cache";
import type { PolicySlug } from "../policies";

/**
 * The policy pages' texts staff write (docs/back-office.md "Content and settings"): a page's text
 * replaces its generated sections (lib/content/policies.ts) while its title, key points and the
 * policies-at-a-glance box stay generated from the settings; the text names the shop's facts as
 * the FAQs do ({return_window_days}, …), filled when the page is shown, so an edited policy never
 * contradicts the settings. No text: the generated one. Cleaned with the storefront's allowlist on
 * save; audited (`policy.update`); the `policies` tag expires after the commit.
 */

export type PolicyText = { slug: PolicySlug; body: string; updatedAt: string };

/** The staff's text of a policy page, or null for the generated one (cached; the page fills its placeholders). */
export function getPolicyText(slug: PolicySlug): Promise<PolicyText | null> {
  return cachedRead("getPolicyText", [slug], [cacheTags.policies], async () => {
    const { db } = await getDb();
    const row = await db.selectFrom("policy_texts").select(["slug", "body", "updated_at"]).where("slug", "=", slug).executeTakeFirst();
    return row ? { slug, body: sanitizeRichText(row.body), updatedAt: row.updated_at } : null;
  });
}

/** Every policy page's staff text, by slug, read from the database as it is (the admin's view). */
export async function listPolicyTexts(): Promise<Partial<Record<PolicySlug, PolicyText>>> {
  const { db } = await getDb();
  const rows = await db.selectFrom("policy_texts").select(["slug", "body", "updated_at"]).execute();
  return Object.fromEntries(rows.map((r) => [r.slug, { slug: r.slug as PolicySlug, body: r.body, updatedAt: r.updated_at }]));
}

/** Sets a policy page's text (HTML, cleaned), or with null goes back to the generated text. */
export async function setPolicyText(slug: PolicySlug, body: string | null, actor: StaffActor, now = new Date()): Promise<PolicyText | null> {
  const handle = await getDb();
  const at = now.toISOString();
  const clean = body === null ? null : sanitizeRichText(body).trim() || null;
  const changed = await writeTransaction(handle, async (trx) => {
    const current = await trx.selectFrom("policy_texts").select("body").where("slug", "=", slug).executeTakeFirst();
    if ((current?.body ?? null) === clean) return false;
    if (clean === null) await trx.deleteFrom("policy_texts").where("slug", "=", slug).execute();
    else if (current) await trx.updateTable("policy_texts").set({ body: clean, updated_at: at }).where("slug", "=", slug).execute();
    else await trx.insertInto("policy_texts").values({ slug, body: clean, updated_at: at }).execute();
    await audit(trx, actor, { action: "policy.update", entityType: "policy", entityId: slug, before: { body: current?.body ?? null }, after: { body: clean } }, now);
    return true;
  });
  if (changed) expireTags([cacheTags.policies]);
  return clean === null ? null : { slug, body: clean, updatedAt: at };
}
