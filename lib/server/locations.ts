import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDb } from "../db";
import { tags } from "./cache-tags";

export type LocationOption = { id: number; name: string };

export async function listCountries(): Promise<LocationOption[]> {
  "use cache";
  cacheTag(tags.locations);
  cacheLife("days");
  const { db } = await getDb();
  return db.selectFrom("countries").select(["id", "name"]).orderBy("name").execute();
}

/** States of a country, or null when the country does not exist. */
export async function listStates(countryId: number): Promise<LocationOption[] | null> {
  "use cache";
  cacheTag(tags.locations);
  cacheLife("days");
  const { db } = await getDb();
  const country = await db.selectFrom("countries").select("id").where("id", "=", countryId).executeTakeFirst();
  if (!country) return null;
  return db.selectFrom("states").select(["id", "name"]).where("country_id", "=", countryId).orderBy("name").execute();
}

/** Cities of a state, or null when the state does not exist. */
export async function listCities(stateId: number): Promise<LocationOption[] | null> {
  "use cache";
  cacheTag(tags.locations);
  cacheLife("days");
  const { db } = await getDb();
  const state = await db.selectFrom("states").select("id").where("id", "=", stateId).executeTakeFirst();
  if (!state) return null;
  return db.selectFrom("cities").select(["id", "name"]).where("state_id", "=", stateId).orderBy("name").execute();
}
