import "server-only";
import { sql } from "kysely";
import { getDb, type Db, type DbHandle } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { audit, type StaffActor } from "@/lib/platform/audit";
import type { AttributeCreateInput, AttributeUpdateInput, AttributeValueInput, ReorderInput } from "../category-schemas";
import { CATEGORY_TREE_MESSAGES, type AdminAttribute } from "../category-tree";
import { ATTRIBUTE_FILTERS } from "../options";
import { attributeKeys } from "../attribute-keys";
import { revalidateAttributes } from "./catalog-admin";

/**
 * The back office's attributes and their values (Material: Cotton, Linen, …; docs/back-office.md
 * "Categories and attributes"): make, rename, reorder and delete attributes; add, rename and
 * delete values. A product's values are set from the product editor (./product-admin.ts
 * writeAttributes). Called alike by the admin API (app/api/v2/admin/attributes) and the admin
 * pages' server actions; each change runs in one write transaction with its audit row and, once it
 * has committed, expires the listing filters' and product pages' cached reads (./catalog-admin.ts).
 *
 * What holds whoever changes them:
 *  - names are one thing each: no two attributes, and no two values of one attribute, differ only
 *    in case (409);
 *  - an attribute or a value that products use is not deleted (409 saying how many): take it off
 *    those products first;
 *  - the storefront's filter bar offers every attribute published products have values of, each
 *    under the address key its name gives (../attribute-keys.ts; docs/decisions/0056): a rename
 *    changes the key, so links shared with the old one stop filtering by it;
 *  - the shop's first filters (../options.ts ATTRIBUTE_FILTERS: Material, Size, Assembly) keep
 *    their names (and keys) and are not deleted; their values change freely.
 */

export const ATTRIBUTE_ADMIN_MESSAGES = {
  notFound: "Attribute not found.",
  valueNotFound: "Value not found.",
  created: "The attribute is created.",
  saved: "The attribute is saved.",
  reordered: "The attribute is in its new place.",
  deleted: "The attribute is deleted.",
  valueAdded: "The value is added.",
  valueSaved: "The value is saved.",
  valueDeleted: "The value is deleted.",
  nameTaken: (name: string) => `There is an attribute called ${name} already.`,
  valueTaken: (value: string, attribute: string) => `${attribute} has the value ${value} already.`,
  inUse: (what: string, n: number) => `${what} is used by ${n === 1 ? "1 product" : `${n} products`}: take it off ${n === 1 ? "that product" : "those products"} (in the product editor's Attributes) before deleting it.`,
  filterKept: (name: string) => `${name} is one of the shop's filters (the filter bar's ${name.toLowerCase()}= in the address): it keeps its name and cannot be deleted. Its values can change.`,
  raced: "Another change took this name a moment ago: send it again.",
} as const;

const isFilter = (name: string) => (ATTRIBUTE_FILTERS as readonly string[]).includes(name);

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

async function inTransaction<T>(handle: DbHandle, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await writeTransaction(handle, work);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, ATTRIBUTE_ADMIN_MESSAGES.raced);
    throw error;
  }
}

/** Every attribute with its values, in the shop's order, with how many products use each. Read from the database as it is. */
export async function listAdminAttributes(db?: Db): Promise<AdminAttribute[]> {
  const conn = db ?? (await getDb()).db;
  const [attributes, values, valueCounts, attributeCounts] = await Promise.all([
    conn.selectFrom("attributes").select(["id", "name", "sort_order"]).orderBy("sort_order").orderBy("id").execute(),
    conn.selectFrom("attribute_values").select(["id", "attribute_id", "value"]).orderBy("value").orderBy("id").execute(),
    conn
      .selectFrom("product_attribute_values")
      .select(["attribute_value_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("attribute_value_id")
      .execute(),
    conn
      .selectFrom("product_attribute_values as pav")
      .innerJoin("attribute_values as av", "av.id", "pav.attribute_value_id")
      .select(["av.attribute_id", sql<number>`count(distinct pav.product_id)`.as("n")])
      .groupBy("av.attribute_id")
      .execute(),
  ]);
  const keys = attributeKeys(attributes);
  return attributes.map((a, i) => ({
    id: a.id,
    name: a.name,
    sortOrder: a.sort_order,
    filter: isFilter(a.name),
    key: keys[i]?.key ?? "",
    productCount: Number(attributeCounts.find((c) => c.attribute_id === a.id)?.n ?? 0),
    values: values.filter((v) => v.attribute_id === a.id).map((v) => ({ id: v.id, value: v.value, productCount: Number(valueCounts.find((c) => c.attribute_value_id === v.id)?.n ?? 0) })),
  }));
}

export async function getAdminAttribute(id: number, db?: Db): Promise<AdminAttribute | null> {
  return (await listAdminAttributes(db)).find((a) => a.id === id) ?? null;
}

async function answer(id: number): Promise<AdminAttribute> {
  const found = await getAdminAttribute(id);
  if (!found) throw new ApiError(404, ATTRIBUTE_ADMIN_MESSAGES.notFound);
  return found;
}

/** Every attribute, rows locked in id order on PostgreSQL (reorders and names are checked across them). */
async function lockedAttributes(trx: Db, handle: DbHandle) {
  let query = trx.selectFrom("attributes").select(["id", "name", "sort_order"]).orderBy("id");
  if (handle.dialect === "postgres") query = query.forUpdate();
  return query.execute();
}

function findAttribute<T extends { id: number }>(rows: readonly T[], id: number): T {
  const row = rows.find((r) => r.id === id);
  if (!row) throw new ApiError(404, ATTRIBUTE_ADMIN_MESSAGES.notFound);
  return row;
}

function assertNameFree(rows: readonly { id: number; name: string }[], name: string, except: number | null): void {
  if (rows.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase())) throw new ApiError(409, ATTRIBUTE_ADMIN_MESSAGES.nameTaken(name), { name: [ATTRIBUTE_ADMIN_MESSAGES.nameTaken(name)] });
}

async function productsUsing(trx: Db, valueIds: readonly number[]): Promise<number> {
  if (!valueIds.length) return 0;
  const row = await trx.selectFrom("product_attribute_values").select(sql<number>`count(distinct product_id)`.as("n")).where("attribute_value_id", "in", valueIds).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes an attribute, last in the shop's order. */
export async function createAttribute(input: AttributeCreateInput, actor: StaffActor, now = new Date()): Promise<AdminAttribute> {
  const handle = await getDb();
  const id = await inTransaction(handle, async (trx) => {
    const rows = await lockedAttributes(trx, handle);
    assertNameFree(rows, input.name, null);
    const sortOrder = rows.length ? Math.max(...rows.map((r) => r.sort_order)) + 1 : 0;
    const row = await trx.insertInto("attributes").values({ name: input.name, sort_order: sortOrder }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "attribute.create", entityType: "attribute", entityId: row.id, before: null, after: { name: input.name, sort_order: sortOrder } }, now);
    return row.id;
  });
  revalidateAttributes();
  return answer(id);
}

/** Renames an attribute (not one of the shop's first filters): its address key follows the new name. */
export async function updateAttribute(id: number, input: AttributeUpdateInput, actor: StaffActor, now = new Date()): Promise<AdminAttribute> {
  const handle = await getDb();
  const changed = await inTransaction(handle, async (trx) => {
    const rows = await lockedAttributes(trx, handle);
    const current = findAttribute(rows, id);
    if (current.name === input.name) return false;
    if (isFilter(current.name) || isFilter(input.name)) {
      const message = ATTRIBUTE_ADMIN_MESSAGES.filterKept(isFilter(current.name) ? current.name : input.name);
      throw new ApiError(409, message, { name: [message] });
    }
    assertNameFree(rows, input.name, id);
    await trx.updateTable("attributes").set({ name: input.name }).where("id", "=", id).execute();
    await audit(trx, actor, { action: "attribute.update", entityType: "attribute", entityId: id, before: { name: current.name }, after: { name: input.name } }, now);
    return true;
  });
  if (changed) revalidateAttributes();
  return answer(id);
}

/** Moves an attribute one place up or down in the shop's order (product pages list attributes in it; so do the filters). */
export async function reorderAttribute(id: number, input: ReorderInput, actor: StaffActor, now = new Date()): Promise<AdminAttribute[]> {
  const handle = await getDb();
  await inTransaction(handle, async (trx) => {
    const rows = await lockedAttributes(trx, handle);
    findAttribute(rows, id);
    const before = [...rows].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((r) => r.id);
    const at = before.indexOf(id);
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= before.length) {
      const message = to < 0 ? CATEGORY_TREE_MESSAGES.first : CATEGORY_TREE_MESSAGES.last;
      throw new ApiError(409, message, { direction: [message] });
    }
    const order = [...before];
    [order[at], order[to]] = [order[to] as number, order[at] as number];
    for (const [position, attributeId] of order.entries()) await trx.updateTable("attributes").set({ sort_order: position }).where("id", "=", attributeId).execute();
    await audit(trx, actor, { action: "attribute.reorder", entityType: "attribute", entityId: id, before: { order: before }, after: { order } }, now);
  });
  revalidateAttributes();
  return listAdminAttributes();
}

/** Deletes an attribute no product uses (409 saying how many do), with its values. */
export async function deleteAttribute(id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  await inTransaction(handle, async (trx) => {
    const rows = await lockedAttributes(trx, handle);
    const current = findAttribute(rows, id);
    if (isFilter(current.name)) throw new ApiError(409, ATTRIBUTE_ADMIN_MESSAGES.filterKept(current.name));
    const values = await trx.selectFrom("attribute_values").select(["id", "value"]).where("attribute_id", "=", id).execute();
    const used = await productsUsing(
      trx,
      values.map((v) => v.id),
    );
    if (used) throw new ApiError(409, ATTRIBUTE_ADMIN_MESSAGES.inUse(current.name, used));
    await trx.deleteFrom("attributes").where("id", "=", id).execute();
    await audit(trx, actor, { action: "attribute.delete", entityType: "attribute", entityId: id, before: { name: current.name, values: values.map((v) => v.value) }, after: null }, now);
  });
  revalidateAttributes();
}

/** The attribute (locked) and its values, in one write transaction. */
async function attributeWithValues(trx: Db, handle: DbHandle, id: number) {
  const rows = await lockedAttributes(trx, handle);
  const attribute = findAttribute(rows, id);
  const values = await trx.selectFrom("attribute_values").select(["id", "value"]).where("attribute_id", "=", id).execute();
  return { attribute, values };
}

function assertValueFree(values: readonly { id: number; value: string }[], value: string, attribute: string, except: number | null): void {
  if (values.some((v) => v.id !== except && v.value.toLowerCase() === value.toLowerCase())) {
    const message = ATTRIBUTE_ADMIN_MESSAGES.valueTaken(value, attribute);
    throw new ApiError(409, message, { value: [message] });
  }
}

/** Adds a value to an attribute. */
export async function addAttributeValue(id: number, input: AttributeValueInput, actor: StaffActor, now = new Date()): Promise<AdminAttribute> {
  const handle = await getDb();
  await inTransaction(handle, async (trx) => {
    const { attribute, values } = await attributeWithValues(trx, handle, id);
    assertValueFree(values, input.value, attribute.name, null);
    const row = await trx.insertInto("attribute_values").values({ attribute_id: id, value: input.value }).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: "attribute_value.create", entityType: "attribute_value", entityId: row.id, before: null, after: { attribute: attribute.name, value: input.value } }, now);
  });
  revalidateAttributes();
  return answer(id);
}

/** Renames a value: the products that have it show the new name, and so do the filters. */
export async function renameAttributeValue(id: number, valueId: number, input: AttributeValueInput, actor: StaffActor, now = new Date()): Promise<AdminAttribute> {
  const handle = await getDb();
  const changed = await inTransaction(handle, async (trx) => {
    const { attribute, values } = await attributeWithValues(trx, handle, id);
    const current = values.find((v) => v.id === valueId);
    if (!current) throw new ApiError(404, ATTRIBUTE_ADMIN_MESSAGES.valueNotFound);
    if (current.value === input.value) return false;
    assertValueFree(values, input.value, attribute.name, valueId);
    await trx.updateTable("attribute_values").set({ value: input.value }).where("id", "=", valueId).execute();
    await audit(trx, actor, { action: "attribute_value.update", entityType: "attribute_value", entityId: valueId, before: { attribute: attribute.name, value: current.value }, after: { attribute: attribute.name, value: input.value } }, now);
    return true;
  });
  if (changed) revalidateAttributes();
  return answer(id);
}

/** Deletes a value no product has (409 saying how many do). */
export async function deleteAttributeValue(id: number, valueId: number, actor: StaffActor, now = new Date()): Promise<AdminAttribute> {
  const handle = await getDb();
  await inTransaction(handle, async (trx) => {
    const { attribute, values } = await attributeWithValues(trx, handle, id);
    const current = values.find((v) => v.id === valueId);
    if (!current) throw new ApiError(404, ATTRIBUTE_ADMIN_MESSAGES.valueNotFound);
    const used = await productsUsing(trx, [valueId]);
    if (used) throw new ApiError(409, ATTRIBUTE_ADMIN_MESSAGES.inUse(`${attribute.name}: ${current.value}`, used));
    await trx.deleteFrom("attribute_values").where("id", "=", valueId).execute();
    await audit(trx, actor, { action: "attribute_value.delete", entityType: "attribute_value", entityId: valueId, before: { attribute: attribute.name, value: current.value }, after: null }, now);
  });
  revalidateAttributes();
  return answer(id);
}
