"use server";

import { refresh } from "next/cache";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { setPolicyText } from "@/lib/content";
import { policyTextSchema } from "@/lib/content/home-schemas";
import { POLICY_SLUGS } from "@/lib/content/policies";
import { z } from "@/lib/platform/zod";

/** Saves a policy page's text, or goes back to the generated one (content:update), as PUT /api/v2/admin/content/policies/{slug}. */
export async function savePolicyTextAction(slug: unknown, body: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "update");
    const which = actionInput(z.object({ slug: z.enum(POLICY_SLUGS) }), { slug }).slug;
    const input = actionInput(policyTextSchema, { body });
    const text = await setPolicyText(which, input.body, staff.actor);
    refresh();
    return { ok: true, message: text ? "The policy's text is saved: the page shows it now." : "The page shows the generated text again." };
  });
}
