import { describe, it } from "vitest";
import { postgresReachable } from "@/lib/testing/databases";
import { synonymCases } from "./synonyms.cases";

/** The search synonyms' services (./synonyms.cases.ts) on PostgreSQL, when one is reachable (TEST_POSTGRES_URL). */
if (await postgresReachable()) synonymCases("postgres");
else describe("the search synonyms' services on postgres", () => it.skip("needs a PostgreSQL server (scripts/pg-local.sh start, or TEST_POSTGRES_URL)", () => undefined));
