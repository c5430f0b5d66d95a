import { commerceAdminCases } from "./commerce-admin.cases";

/** The commerce settings' services (./commerce-admin.cases.ts) on SQLite. */
commerceAdminCases("sqlite");
