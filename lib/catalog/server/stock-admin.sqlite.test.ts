import { stockAdminCases } from "./stock-admin.cases";

/** The Stock page's services (./stock-admin.cases.ts) on SQLite. */
stockAdminCases("sqlite");
