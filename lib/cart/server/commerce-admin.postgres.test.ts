import { describe, it } from "vitest";
import { postgresReachable } from "@/lib/testing/databases";
import { commerceAdminCases } from "./commerce-admin.cases";

/** The commerce settings' services (./commerce-admin.cases.ts) on PostgreSQL, when one is reachable (TEST_POSTGRES_URL). */
if (await postgresReachable()) commerceAdminCases("postgres");
else describe("the commerce settings' services on postgres", () => it.skip("needs a PostgreSQL server (scripts/pg-local.sh start, or TEST_POSTGRES_URL)", () => undefined));
