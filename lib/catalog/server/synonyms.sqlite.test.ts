import { synonymCases } from "./synonyms.cases";

/** The search synonyms' services (./synonyms.cases.ts) on SQLite. */
synonymCases("sqlite");
