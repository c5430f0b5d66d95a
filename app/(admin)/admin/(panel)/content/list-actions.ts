"use server";

import { refresh } from "next/cache";
import { actionInput, assertCan, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { createListRow, deleteListRow, LIST_ADMIN_MESSAGES, moveListRow, updateListRow } from "@/lib/content";
import { LIST_SCHEMAS, listKindParam, moveSchema } from "@/lib/content/home-schemas";
import { z } from "@/lib/platform/zod";

/**
 * The slides', testimonials' and FAQs' changes (/admin/content/home, /admin/content/faqs), on the
 * services and schemas of /api/v2/admin/content/{kind}: content:create, content:update for fields
 * and order, content:publish to show or hide, content:delete; audit rows in the changes'
 * transactions.
 */

const kindOf = (kind: unknown) => actionInput(z.object({ kind: listKindParam }), { kind }).kind;
const idOf = (id: unknown) => actionInput(z.object({ id: z.number().int().min(1).max(2_147_483_647) }), { id }).id;

export async function createListRowAction(kind: unknown, input: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "create");
    const k = kindOf(kind);
    const data = actionInput(LIST_SCHEMAS[k].create, input) as { active?: boolean };
    if (data.active) assertCan(staff, "content", "publish");
    await createListRow(k, data as never, staff.actor);
    refresh();
    return { ok: true, message: LIST_ADMIN_MESSAGES.created(k) };
  });
}

export async function saveListRowAction(kind: unknown, id: unknown, input: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "read");
    const k = kindOf(kind);
    const data = actionInput(LIST_SCHEMAS[k].update, input) as Record<string, unknown>;
    const { active, ...fields } = data;
    if (Object.values(fields).some((v) => v !== undefined)) assertCan(staff, "content", "update");
    if (active !== undefined) assertCan(staff, "content", "publish");
    await updateListRow(k, idOf(id), data as never, staff.actor);
    refresh();
    return { ok: true, message: LIST_ADMIN_MESSAGES.saved(k) };
  });
}

export async function moveListRowAction(kind: unknown, id: unknown, direction: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "update");
    await moveListRow(kindOf(kind), idOf(id), actionInput(moveSchema, { direction }).direction, staff.actor);
    refresh();
    return { ok: true, message: LIST_ADMIN_MESSAGES.moved };
  });
}

export async function deleteListRowAction(kind: unknown, id: unknown): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("content", "delete");
    const k = kindOf(kind);
    await deleteListRow(k, idOf(id), staff.actor);
    refresh();
    return { ok: true, message: LIST_ADMIN_MESSAGES.deleted(k) };
  });
}
