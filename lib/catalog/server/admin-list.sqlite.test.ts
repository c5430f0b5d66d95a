import { adminListCases } from "./admin-list.cases";

/** The admin product list's cases (./admin-list.cases.ts) on SQLite. */
adminListCases("sqlite");
