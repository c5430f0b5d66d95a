import "server-only";
import { sql } from "kysely";
import type { ApiAddress } from "@/lib/api/types";
import { getDb } from "@/lib/platform/db";
import type { Db, Dialect } from "@/lib/platform/db/connection";
import type { AddressInput } from "../schemas";
import { ApiError } from "@/lib/platform/errors";

/**
 * A customer's shipping addresses. Every lookup is scoped by the owner's id, so another
 * customer's address id behaves as if it did not exist. Exactly one address is the default
 * whenever the customer has any: the first one becomes it, and deleting it promotes another.
 * Changes run in one transaction per customer (a row lock on PostgreSQL; SQLite has one writer),
 * and a partial unique index forbids two defaults even if a bug tried.
 */

export type Address = {
  id: number;
  userId: number;
  address: string;
  countryId: number;
  stateId: number;
  cityId: number;
  countryName: string;
  stateName: string;
  cityName: string;
  postalCode: string;
  phone: string;
  isDefault: boolean;
};

export const MAX_ADDRESSES = 20;
export const ADDRESS_NOT_FOUND = "Address not found.";

function baseQuery(db: Db) {
  return db
    .selectFrom("addresses as a")
    .innerJoin("countries as co", "co.id", "a.country_id")
    .innerJoin("states as s", "s.id", "a.state_id")
    .innerJoin("cities as c", "c.id", "a.city_id")
    .select([
      "a.id",
      "a.user_id as userId",
      "a.address",
      "a.country_id as countryId",
      "a.state_id as stateId",
      "a.city_id as cityId",
      "co.name as countryName",
      "s.name as stateName",
      "c.name as cityName",
      "a.postal_code as postalCode",
      "a.phone",
      "a.is_default as isDefault",
    ]);
}

/** The API v2 shape (docs/api-v2.md), also what the account pages hand to their client components. */
export const presentAddress = (a: Address): ApiAddress => ({
  id: a.id,
  user_id: a.userId,
  address: a.address,
  country: a.countryId,
  state: a.stateId,
  city: a.cityId,
  country_name: a.countryName,
  state_name: a.stateName,
  city_name: a.cityName,
  postal_code: a.postalCode,
  phone: a.phone,
  set_default: a.isDefault ? 1 : 0,
});

type Row = Omit<Address, "isDefault"> & { isDefault: number };
const toAddress = (row: Row): Address => ({ ...row, isDefault: row.isDefault === 1 });

export async function listAddresses(userId: number): Promise<Address[]> {
  const { db } = await getDb();
  const rows = await baseQuery(db).where("a.user_id", "=", userId).orderBy("a.is_default", "desc").orderBy("a.id").execute();
  return rows.map(toAddress);
}

export async function getAddress(userId: number, id: number): Promise<Address | null> {
  const { db } = await getDb();
  const row = await baseQuery(db).where("a.user_id", "=", userId).where("a.id", "=", id).executeTakeFirst();
  return row ? toAddress(row) : null;
}

export async function getDefaultAddress(userId: number): Promise<Address | null> {
  const { db } = await getDb();
  const row = await baseQuery(db).where("a.user_id", "=", userId).where("a.is_default", "=", 1).executeTakeFirst();
  return row ? toAddress(row) : null;
}

/** Serializes one customer's address changes on PostgreSQL (SQLite runs one writer at a time). */
async function lockCustomer(trx: Db, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === "postgres") await sql`select id from users where id = ${userId} for update`.execute(trx);
}

/** The city must be in the state, the state in the country: 422 naming the field otherwise. */
async function assertPlace(trx: Db, input: AddressInput): Promise<void> {
  const state = await trx.selectFrom("states").select(["id", "country_id"]).where("id", "=", input.state).executeTakeFirst();
  const country = await trx.selectFrom("countries").select("id").where("id", "=", input.country).executeTakeFirst();
  if (!country) throw new ApiError(422, "Select your country.", { country: ["Select your country."] });
  if (!state || state.country_id !== input.country) throw new ApiError(422, "Select a state of the chosen country.", { state: ["Select a state of the chosen country."] });
  const city = await trx.selectFrom("cities").select("state_id").where("id", "=", input.city).executeTakeFirst();
  if (!city || city.state_id !== input.state) throw new ApiError(422, "Select a city of the chosen state.", { city: ["Select a city of the chosen state."] });
}

export async function createAddress(userId: number, input: AddressInput): Promise<Address> {
  const handle = await getDb();
  const id = await handle.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, handle.dialect, userId);
    await assertPlace(trx, input);
    const count = await trx.selectFrom("addresses").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ADDRESSES) throw new ApiError(409, `You can keep up to ${MAX_ADDRESSES} addresses. Delete one to add another.`);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto("addresses")
      .values({
        user_id: userId,
        address: input.address,
        country_id: input.country,
        state_id: input.state,
        city_id: input.city,
        postal_code: input.postal_code,
        phone: input.phone,
        is_default: Number(count.n) === 0 ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await getAddress(userId, id)) as Address;
}

/** Changes the customer's own address; null when they have no address with that id. */
export async function updateAddress(userId: number, id: number, input: AddressInput): Promise<Address | null> {
  const handle = await getDb();
  const changed = await handle.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, handle.dialect, userId);
    const own = await trx.selectFrom("addresses").select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (!own) return false;
    await assertPlace(trx, input);
    await trx
      .updateTable("addresses")
      .set({
        address: input.address,
        country_id: input.country,
        state_id: input.state,
        city_id: input.city,
        postal_code: input.postal_code,
        phone: input.phone,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
    return true;
  });
  return changed ? getAddress(userId, id) : null;
}

/** Makes one of the customer's addresses the default and clears the flag on the others. */
export async function setDefaultAddress(userId: number, id: number): Promise<boolean> {
  const handle = await getDb();
  return handle.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, handle.dialect, userId);
    const own = await trx.selectFrom("addresses").select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (!own) return false;
    // Clear first: the partial unique index allows one default per customer at any moment.
    await trx.updateTable("addresses").set({ is_default: 0 }).where("user_id", "=", userId).where("is_default", "=", 1).where("id", "!=", id).execute();
    await trx.updateTable("addresses").set({ is_default: 1 }).where("id", "=", id).where("user_id", "=", userId).execute();
    return true;
  });
}

/** Deletes one of the customer's addresses; when it was the default, the newest other one takes over. */
export async function deleteAddress(userId: number, id: number): Promise<boolean> {
  const handle = await getDb();
  return handle.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, handle.dialect, userId);
    const own = await trx.selectFrom("addresses").select(["id", "is_default"]).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (!own) return false;
    await trx.deleteFrom("addresses").where("id", "=", id).where("user_id", "=", userId).execute();
    if (own.is_default === 1) {
      const next = await trx.selectFrom("addresses").select("id").where("user_id", "=", userId).orderBy("updated_at", "desc").orderBy("id", "desc").executeTakeFirst();
      if (next) await trx.updateTable("addresses").set({ is_default: 1 }).where("id", "=", next.id).execute();
    }
    return true;
  });
}
