import { listCountries } from "@/lib/accounts";
import { handler, list } from "../_lib/http";

export const GET = handler(async () => list(await listCountries()), { cache: "locations" });
