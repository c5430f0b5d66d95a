import type { Kysely } from "kysely";
import type { Dialect } from "../connection";

/**
 * The back office's content (docs/back-office.md "Content and settings", lib/content/server/content-admin.ts):
 * - content_slug_redirects: a slug a blog post (kind "blog") or a CMS page (kind "page") had
 *   before; /blog/{old} and /{old} answer a permanent redirect to the post's or page's slug of
 *   today. The row names the post or page, so a chain of renames is one hop; a post or page that
 *   takes an old slug as its own removes the row.
 * Blog posts keep their columns of 001: `published` 0 is a draft; 1 with `published_at` in the
 * future is scheduled (not listed, not in the sitemap, 404 until then), and shown from that time on.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const ts = dialect === "postgres" ? "timestamptz" : "text";
  await db.schema
    .createTable("content_slug_redirects")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", ts, (c) => c.notNull())
    .addPrimaryKeyConstraint("content_slug_redirects_pk", ["kind", "slug"])
    .execute();
  await db.schema.createIndex("content_slug_redirects_target_idx").on("content_slug_redirects").columns(["kind", "target_id"]).execute();
}
