import { z } from "zod";
import { requireStaff } from "@/lib/accounts";
import { LIST_ADMIN_MESSAGES, moveListRow } from "@/lib/content";
import { moveSchema } from "@/lib/content/home-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../../_lib/admin";
import { listKindOf } from "../../../../../_lib/content";
import { action, handler, parse, readJson } from "../../../../../_lib/http";

/** POST /api/v2/admin/content/{kind}/{id}/move: `{direction: "up" | "down"}`, one place (content:update). Answers the list in its new order. */
export const POST = handler<{ kind: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "update");
    const kind = listKindOf(raw);
    const { id } = parse(z.object({ id: idParam }), { id: raw.id });
    const { direction } = await readJson(request, moveSchema);
    const rows = await moveListRow(kind, id, direction, staff.actor);
    return staffAnswer(staff, action(true, LIST_ADMIN_MESSAGES.moved, 200, { data: rows }));
  },
  { personal: true },
);
