import { describe, it } from "vitest";
import { postgresReachable } from "@/lib/testing/databases";
import { orderAdminListCases } from "./order-admin-list.cases";

/** The back office's order reads (./order-admin-list.cases.ts) on PostgreSQL, when one is reachable (TEST_POSTGRES_URL). */
if (await postgresReachable()) orderAdminListCases("postgres");
else describe("the back office's order reads on postgres", () => it.skip("needs a PostgreSQL server (scripts/pg-local.sh start, or TEST_POSTGRES_URL)", () => undefined));
