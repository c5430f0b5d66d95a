import { z } from "zod";
import { assertCan, requireStaff, requireStaffForAny } from "@/lib/accounts";
import { deleteListRow, LIST_ADMIN_MESSAGES, updateListRow } from "@/lib/content";
import { LIST_SCHEMAS } from "@/lib/content/home-schemas";
import { idParam } from "@/lib/platform/fields";
import { staffAnswer } from "../../../../_lib/admin";
import { listKindOf } from "../../../../_lib/content";
import { action, handler, list, parse, readJson } from "../../../../_lib/http";

const params = z.object({ id: idParam });

/** PATCH /api/v2/admin/content/{kind}/{id}: change a row's fields (content:update) or show / hide it (`active`, content:publish). */
export const PATCH = handler<{ kind: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaffForAny(request, ["content:update", "content:publish"]);
    const kind = listKindOf(raw);
    const { id } = parse(params, { id: raw.id });
    const input = (await readJson(request, LIST_SCHEMAS[kind].update)) as Record<string, unknown>;
    const { active, ...fields } = input;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (active !== undefined) assertCan(staff, "content", "publish");
    const row = await updateListRow(kind, id, input as never, staff.actor);
    return staffAnswer(staff, list(row));
  },
  { personal: true },
);

/** DELETE /api/v2/admin/content/{kind}/{id} (content:delete). */
export const DELETE = handler<{ kind: string; id: string }>(
  async (request, raw) => {
    const staff = await requireStaff(request, "content", "delete");
    const kind = listKindOf(raw);
    const { id } = parse(params, { id: raw.id });
    await deleteListRow(kind, id, staff.actor);
    return staffAnswer(staff, action(true, LIST_ADMIN_MESSAGES.deleted(kind)));
  },
  { personal: true },
);
