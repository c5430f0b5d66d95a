import { listCountries } from "@/lib/accounts/server/locations";
import { handler, list } from "../_lib/http";

export const GET = handler(async () => list(await listCountries()), { cache: "locations" });
