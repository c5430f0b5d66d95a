"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { actionInput, requireStaffAction, staffAction } from "@/lib/accounts";
import type { ActionResult } from "@/lib/accounts/admin-nav";
import { addAttributeValue, ATTRIBUTE_ADMIN_MESSAGES, createAttribute, deleteAttribute, deleteAttributeValue, renameAttributeValue, reorderAttribute, updateAttribute } from "@/lib/catalog";
import { attributeCreateSchema, attributeUpdateSchema, attributeValueSchema, reorderSchema } from "@/lib/catalog/category-schemas";
import { idParam } from "@/lib/platform/fields";
import { z } from "@/lib/platform/zod";

/**
 * The Attributes pages' changes, on the same services as the admin API
 * (app/api/v2/admin/attributes): can() on the server (product:create to make an attribute,
 * product:update to rename, reorder and add or rename values, product:delete to delete), the API's
 * zod schemas, and the audit row in the change's transaction.
 */

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const idInput = z.object({ id: idParam });
const valueIdInput = z.object({ id: idParam, value_id: idParam });

export async function createAttributeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "create");
    const input = actionInput(attributeCreateSchema, { name: text(form, "name") ?? "" });
    const attribute = await createAttribute(input, staff.actor);
    redirect(`/admin/attributes/${attribute.id}?created=1`);
  });
}

export async function renameAttributeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(attributeUpdateSchema, { name: text(form, "name") ?? "" });
    await updateAttribute(id, input, staff.actor);
    refresh();
    return { ok: true, message: ATTRIBUTE_ADMIN_MESSAGES.saved };
  });
}

export async function reorderAttributeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(reorderSchema, { direction: text(form, "direction") });
    const list = await reorderAttribute(id, input, staff.actor);
    refresh();
    return { ok: true, message: `${list.find((a) => a.id === id)?.name ?? "The attribute"} moved ${input.direction}.` };
  });
}

export async function deleteAttributeAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "delete");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    await deleteAttribute(id, staff.actor);
    redirect("/admin/attributes?deleted=1");
  });
}

export async function addValueAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id } = actionInput(idInput, { id: text(form, "id") });
    const input = actionInput(attributeValueSchema, { value: text(form, "value") ?? "" });
    await addAttributeValue(id, input, staff.actor);
    refresh();
    return { ok: true, message: `${input.value}: ${ATTRIBUTE_ADMIN_MESSAGES.valueAdded.toLowerCase()}` };
  });
}

export async function renameValueAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "update");
    const { id, value_id } = actionInput(valueIdInput, { id: text(form, "id"), value_id: text(form, "value_id") });
    const input = actionInput(attributeValueSchema, { value: text(form, "value") ?? "" });
    await renameAttributeValue(id, value_id, input, staff.actor);
    refresh();
    return { ok: true, message: ATTRIBUTE_ADMIN_MESSAGES.valueSaved };
  });
}

export async function deleteValueAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return staffAction(async () => {
    const staff = await requireStaffAction("product", "delete");
    const { id, value_id } = actionInput(valueIdInput, { id: text(form, "id"), value_id: text(form, "value_id") });
    await deleteAttributeValue(id, value_id, staff.actor);
    refresh();
    return { ok: true, message: ATTRIBUTE_ADMIN_MESSAGES.valueDeleted };
  });
}
