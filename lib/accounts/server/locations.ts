import "server-only";
import { getDb } from "@/lib/platform/db";
import { cacheTags } from "@/lib/platform/cache-manifest";
import { cachedRead } from "@/lib/platform/cache";

export type LocationOption = { id: number; name: string };

export function listCountries(): Promise<LocationOption[]> {
  return cachedRead("listCountries", [], [cacheTags.locations], async () => {
    const { db } = await getDb();
    return db.selectFrom("countries").select(["id", "name"]).orderBy("name").execute();
  });
}

/** States of a country, or null when the country does not exist. */
export function listStates(countryId: number): Promise<LocationOption[] | null> {
  return cachedRead("listStates", [countryId], [cacheTags.locations], async () => {
    const { db } = await getDb();
    const country = await db.selectFrom("countries").select("id").where("id", "=", countryId).executeTakeFirst();
    if (!country) return null;
    return db.selectFrom("states").select(["id", "name"]).where("country_id", "=", countryId).orderBy("name").execute();
  });
}

/** Cities of a state, or null when the state does not exist. */
export function listCities(stateId: number): Promise<LocationOption[] | null> {
  return cachedRead("listCities", [stateId], [cacheTags.locations], async () => {
    const { db } = await getDb();
    const state = await db.selectFrom("states").select("id").where("id", "=", stateId).executeTakeFirst();
    if (!state) return null;
    return db.selectFrom("cities").select(["id", "name"]).where("state_id", "=", stateId).orderBy("name").execute();
  });
}
