import { describe, it } from "vitest";
import { postgresReachable } from "@/lib/testing/databases";
import { adminListCases } from "./admin-list.cases";

/** The admin product list's cases (./admin-list.cases.ts) on PostgreSQL, when one is reachable (TEST_POSTGRES_URL). */
if (await postgresReachable()) adminListCases("postgres");
else describe("the admin product list on postgres", () => it.skip("needs a PostgreSQL server (scripts/pg-local.sh start, or TEST_POSTGRES_URL)", () => undefined));
