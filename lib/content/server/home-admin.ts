import "server-only";
import type { Kysely } from "kysely";
import { getDb, type Db } from "@/lib/platform/db";
import { writeTransaction } from "@/lib/platform/db/transaction";
import { ApiError } from "@/lib/platform/errors";
import { audit, changedFields, type StaffActor } from "@/lib/platform/audit";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { expireTags } from "@/lib/platform/cache";
import { LIST_NAMES, type ListCreateInput, type ListKind, type ListUpdateInput } from "../home-schemas";
import { CONTENT_ADMIN_MESSAGES, encodeBanner, removeUnusedContentFiles, storeContentImage } from "./content-admin";

/**
 * The home page's slides and testimonials and the FAQ page's questions in the back office
 * (docs/back-office.md "Content and settings"): ordered lists (sort_order 0, 1, 2, …), each row
 * shown or hidden, made, changed, moved up or down and deleted. Each write runs in one
 * transaction with its audit row (`slider.*`, `testimonial.*`, `faq.*`) and then expires the tag
 * the storefront reads the list with. A slide needs its photo (uploaded, re-encoded as a blog
 * banner is) before it can be shown.
 */

type Row = { id: number; sort_order: number; active: number } & Record<string, unknown>;
type LooseDb = Kysely<Record<ListKind, Row>>;
const loose = (db: Db) => db as unknown as LooseDb;
/** The three tables share LooseDb's one row type, so any one literal types the query for all of them. */
const T = (kind: ListKind) => kind as "faqs";

const ENTITY: Record<ListKind, string> = { sliders: "slider", testimonials: "testimonial", faqs: "faq" };
const COLUMNS: Record<ListKind, readonly string[]> = {
  sliders: ["heading", "subheading", "photo", "url", "link_text", "button_text"],
  testimonials: ["name", "location", "quote", "rating"],
  faqs: ["question", "answer", "link_href", "link_label"],
};

export const LIST_ADMIN_MESSAGES = {
  notFound: (kind: ListKind) => `No such ${LIST_NAMES[kind].one}.`,
  created: (kind: ListKind) => `The ${LIST_NAMES[kind].one} is added.`,
  saved: (kind: ListKind) => `The ${LIST_NAMES[kind].one} is saved.`,
  deleted: (kind: ListKind) => `The ${LIST_NAMES[kind].one} is deleted.`,
  moved: "The order is saved.",
  needsPhoto: "Upload the slide's photo before showing it.",
  photoSaved: "The photo is saved.",
} as const;

export type ListRow = { id: number; position: number; active: boolean; fields: Record<string, string | number | null> };

function expire(kind: ListKind): void {
  if (kind === "sliders") expireTags([cacheTags.sliders]);
  else if (kind === "testimonials") expireTags([cacheTags.testimonials]);
  else expireTags([cacheTags.faqs]);
}

function present(kind: ListKind, row: Row, position: number): ListRow {
  return { id: row.id, position, active: row.active === 1, fields: Object.fromEntries(COLUMNS[kind].map((c) => [c, (row[c] as string | number | null | undefined) ?? null])) };
}

/** Every row of the list in its order, shown or not. */
export async function listAdminRows(kind: ListKind): Promise<ListRow[]> {
  const { db } = await getDb();
  const rows = await loose(db).selectFrom(T(kind)).selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map((r, i) => present(kind, r as Row, i));
}

async function rowOf(trx: Db, kind: ListKind, id: number): Promise<Row> {
  const row = await loose(trx).selectFrom(T(kind)).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, LIST_ADMIN_MESSAGES.notFound(kind));
  return row as Row;
}

const stamp = (kind: ListKind, at: string) => (kind === "faqs" ? { updated_at: at } : {});

/** Adds a row at the end of its list (a slide hidden until its photo is uploaded). */
export async function createListRow<K extends ListKind>(kind: K, input: ListCreateInput[K], actor: StaffActor, now = new Date()): Promise<ListRow> {
  const handle = await getDb();
  const at = now.toISOString();
  const row = await writeTransaction(handle, async (trx) => {
    const last = await loose(trx).selectFrom(T(kind)).select((eb) => eb.fn.max("sort_order").as("n")).executeTakeFirst();
    const { active, ...fields } = input as Record<string, unknown> & { active?: boolean };
    if (kind === "sliders" && active) throw new ApiError(409, LIST_ADMIN_MESSAGES.needsPhoto, { active: [LIST_ADMIN_MESSAGES.needsPhoto] });
    const values: Record<string, unknown> = { ...fields, sort_order: Number(last?.n ?? -1) + 1, active: kind === "sliders" ? 0 : active === false ? 0 : 1, ...stamp(kind, at) };
    if (kind === "sliders") values.photo = "";
    const made = await loose(trx).insertInto(T(kind)).values(values as Row).returning("id").executeTakeFirstOrThrow();
    await audit(trx, actor, { action: `${ENTITY[kind]}.create`, entityType: ENTITY[kind], entityId: made.id, before: null, after: values }, now);
    return rowOf(trx, kind, made.id);
  });
  expire(kind);
  const rows = await listAdminRows(kind);
  return rows.find((r) => r.id === row.id) ?? present(kind, row, rows.length - 1);
}

/** Changes a row's fields or shows / hides it. */
export async function updateListRow<K extends ListKind>(kind: K, id: number, input: ListUpdateInput[K], actor: StaffActor, now = new Date()): Promise<ListRow> {
  const handle = await getDb();
  const at = now.toISOString();
  await writeTransaction(handle, async (trx) => {
    const current = await rowOf(trx, kind, id);
    const { active, ...fields } = input as Record<string, unknown> & { active?: boolean };
    if (kind === "sliders" && active === true && !current.photo) throw new ApiError(409, LIST_ADMIN_MESSAGES.needsPhoto, { active: [LIST_ADMIN_MESSAGES.needsPhoto] });
    const next: Record<string, unknown> = { ...fields, ...(active === undefined ? {} : { active: active ? 1 : 0 }) };
    const change = changedFields(current, next);
    if (!change) return;
    await loose(trx)
      .updateTable(T(kind))
      .set({ ...change.after, ...stamp(kind, at) } as Partial<Row>)
      .where("id", "=", id)
      .execute();
    await audit(trx, actor, { action: `${ENTITY[kind]}.update`, entityType: ENTITY[kind], entityId: id, ...change }, now);
  });
  expire(kind);
  const row = (await listAdminRows(kind)).find((r) => r.id === id);
  if (!row) throw new ApiError(404, LIST_ADMIN_MESSAGES.notFound(kind));
  return row;
}

/** Moves a row one place up or down (the first stays first); the list is renumbered 0, 1, 2, …. */
export async function moveListRow(kind: ListKind, id: number, direction: "up" | "down", actor: StaffActor, now = new Date()): Promise<ListRow[]> {
  const handle = await getDb();
  await writeTransaction(handle, async (trx) => {
    await rowOf(trx, kind, id);
    const ids = (await loose(trx).selectFrom(T(kind)).select("id").orderBy("sort_order").orderBy("id").execute()).map((r) => r.id);
    const from = ids.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    for (const [position, rowId] of ids.entries()) await loose(trx).updateTable(T(kind)).set({ sort_order: position } as Partial<Row>).where("id", "=", rowId).execute();
    await audit(trx, actor, { action: `${ENTITY[kind]}.move`, entityType: ENTITY[kind], entityId: id, before: { position: from }, after: { position: to } }, now);
  });
  expire(kind);
  return listAdminRows(kind);
}

/** Deletes a row (a slide's photo leaves storage). */
export async function deleteListRow(kind: ListKind, id: number, actor: StaffActor, now = new Date()): Promise<void> {
  const handle = await getDb();
  const row = await writeTransaction(handle, async (trx) => {
    const current = await rowOf(trx, kind, id);
    await loose(trx).deleteFrom(T(kind)).where("id", "=", id).execute();
    const { id: _id, ...before } = current;
    void _id;
    await audit(trx, actor, { action: `${ENTITY[kind]}.delete`, entityType: ENTITY[kind], entityId: id, before, after: null }, now);
    return current;
  });
  expire(kind);
  if (kind === "sliders") await removeUnusedContentFiles([row.photo as string | null]);
}

/** Sets a slide's photo from an upload (checked and re-encoded as a banner is); the old file leaves storage. */
export async function setSliderPhoto(id: number, bytes: Buffer, actor: StaffActor, now = new Date()): Promise<ListRow> {
  const encoded = await encodeBanner(bytes);
  if ("error" in encoded) throw new ApiError(422, encoded.error, { photo: [encoded.error] });
  const handle = await getDb();
  await rowOf(handle.db, "sliders", id);
  const path = await storeContentImage(encoded.bytes);
  let before: string | null = null;
  try {
    before = await writeTransaction(handle, async (trx) => {
      const current = await rowOf(trx, "sliders", id);
      await trx.updateTable("sliders").set({ photo: path }).where("id", "=", id).execute();
      await audit(trx, actor, { action: "slider.photo", entityType: "slider", entityId: id, before: { photo: current.photo }, after: { photo: path } }, now);
      return (current.photo as string) || null;
    });
  } catch (error) {
    await removeUnusedContentFiles([path]);
    throw error;
  }
  expire("sliders");
  await removeUnusedContentFiles([before]);
  const row = (await listAdminRows("sliders")).find((r) => r.id === id);
  if (!row) throw new ApiError(404, CONTENT_ADMIN_MESSAGES.blogNotFound);
  return row;
}
