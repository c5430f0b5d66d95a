import { orderAdminListCases } from "./order-admin-list.cases";

/** The back office's order reads (./order-admin-list.cases.ts) on SQLite. */
orderAdminListCases("sqlite");
