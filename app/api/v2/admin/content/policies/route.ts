import { requireStaff } from "@/lib/accounts";
import { listPolicyTexts } from "@/lib/content";
import { POLICY_SLUGS, POLICY_TITLES } from "@/lib/content/policies";
import { staffAnswer } from "../../../_lib/admin";
import { handler, list } from "../../../_lib/http";

/** GET /api/v2/admin/content/policies: each policy page with its staff-written text, or `body: null` while it shows the generated one (content:read). */
export const GET = handler(
  async (request) => {
    const staff = await requireStaff(request, "content", "read");
    const texts = await listPolicyTexts();
    return staffAnswer(staff, list(POLICY_SLUGS.map((slug) => ({ slug, title: POLICY_TITLES[slug], body: texts[slug]?.body ?? null, updated_at: texts[slug]?.updatedAt ?? null }))));
  },
  { personal: true },
);
