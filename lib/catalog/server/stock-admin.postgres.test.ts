import { describe, it } from "vitest";
import { postgresReachable } from "@/lib/testing/databases";
import { stockAdminCases } from "./stock-admin.cases";

/** The Stock page's services (./stock-admin.cases.ts) on PostgreSQL, when one is reachable (TEST_POSTGRES_URL). */
if (await postgresReachable()) stockAdminCases("postgres");
else describe("the Stock page's services on postgres", () => it.skip("needs a PostgreSQL server (scripts/pg-local.sh start, or TEST_POSTGRES_URL)", () => undefined));
