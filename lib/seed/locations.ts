/**
 * India's states, union territories and cities from the country-state-city package. The shop
 * ships within India only, so no other country is inserted. Rows are sorted by name (code-point
 * order) so a fresh database always assigns the same ids; existing rows are left alone.
 */
import { City, State } from "country-state-city";
import type { Db } from "../platform/db/connection";
import { chunk, compareText } from "./prng";

export const INDIA = { name: "India", iso2: "IN", phoneCode: "91" } as const;

/** Rows per INSERT: 3 columns per city row keeps far below SQLite's 32,766 and PostgreSQL's 65,535 bind limits. */
const BATCH = 2000;

type StateData = { name: string; code: string; cities: string[] };

export function indianStates(): StateData[] {
  return State.getStatesOfCountry(INDIA.iso2)
    .map((s) => ({
      name: s.name,
      code: s.isoCode,
      cities: [...new Set(City.getCitiesOfState(INDIA.iso2, s.isoCode).map((c) => c.name.trim()))].sort(compareText),
    }))
    .sort((a, b) => compareText(a.name, b.name));
}

export type LocationResult = {
  countryId: number;
  states: number;
  cities: number;
  inserted: { countries: number; states: number; cities: number };
};

/** Inserts whatever is missing of India, its states and cities; runs inside the given transaction. */
export async function seedLocations(trx: Db): Promise<LocationResult> {
  const inserted = { countries: 0, states: 0, cities: 0 };
  let country = await trx.selectFrom("countries").select("id").where("iso2", "=", INDIA.iso2).executeTakeFirst();
  if (!country) {
    country = await trx
      .insertInto("countries")
      .values({ name: INDIA.name, iso2: INDIA.iso2, phone_code: INDIA.phoneCode })
      .returning("id")
      .executeTakeFirstOrThrow();
    inserted.countries += 1;
  }
  const countryId = country.id;
  const states = indianStates();

  const existingStates = await trx.selectFrom("states").select(["id", "code"]).where("country_id", "=", countryId).execute();
  const stateIds = new Map(existingStates.map((s) => [s.code, s.id]));
  const missingStates = states.filter((s) => !stateIds.has(s.code));
  if (missingStates.length > 0) {
    const rows = await trx
      .insertInto("states")
      .values(missingStates.map((s) => ({ country_id: countryId, name: s.name, code: s.code })))
      .returning(["id", "code"])
      .execute();
    for (const r of rows) stateIds.set(r.code, r.id);
    inserted.states += rows.length;
  }

  const ids = [...stateIds.values()];
  const existingCities = ids.length ? await trx.selectFrom("cities").select(["state_id", "name"]).where("state_id", "in", ids).execute() : [];
  const have = new Set(existingCities.map((c) => `${c.state_id}\u0000${c.name}`));
  const missingCities: Array<{ state_id: number; name: string }> = [];
  let cityCount = 0;
  for (const s of states) {
    const stateId = stateIds.get(s.code);
    if (stateId === undefined) continue;
    for (const name of s.cities) {
      cityCount += 1;
      if (!have.has(`${stateId}\u0000${name}`)) missingCities.push({ state_id: stateId, name });
    }
  }
  for (const part of chunk(missingCities, BATCH)) {
    await trx.insertInto("cities").values(part).execute();
    inserted.cities += part.length;
  }
  return { countryId, states: states.length, cities: cityCount, inserted };
}
