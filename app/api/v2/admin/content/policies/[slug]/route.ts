import { requireStaff } from "@/lib/accounts";
import { listPolicyTexts, setPolicyText } from "@/lib/content";
import { policyTextSchema } from "@/lib/content/home-schemas";
import { POLICY_SLUGS, POLICY_TITLES, type PolicySlug } from "@/lib/content/policies";
import { ApiError } from "@/lib/platform/errors";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, list, readJson } from "../../../../_lib/http";

function slugOf(raw: { slug?: string | string[] }): PolicySlug {
  if (typeof raw.slug !== "string" || !(POLICY_SLUGS as readonly string[]).includes(raw.slug)) throw new ApiError(404, "Not found.");
  return raw.slug as PolicySlug;
}

/** GET /api/v2/admin/content/policies/{slug}: the page's staff-written text, or `body: null` for the generated one (content:read). */
export const GET = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "read");
    const slug = slugOf(raw);
    const text = (await listPolicyTexts())[slug];
    return staffAnswer(staff, list({ slug, title: POLICY_TITLES[slug], body: text?.body ?? null, updated_at: text?.updatedAt ?? null }));
  },
  { personal: true },
);

/**
 * PUT /api/v2/admin/content/policies/{slug}: `{body}` (HTML with the facts as placeholders) replaces
 * the page's generated sections, or `{body: null}` goes back to them (content:update). The page
 * shows it at once.
 */
export const PUT = handler<{ slug: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "update");
    const slug = slugOf(raw);
    const { body } = await readJson(request, policyTextSchema);
    const text = await setPolicyText(slug, body, staff.actor);
    return staffAnswer(staff, action(true, text ? "The policy's text is saved: the page shows it now." : "The page shows the generated text again.", 200, { data: { slug, body: text?.body ?? null } }));
  },
  { personal: true },
);
