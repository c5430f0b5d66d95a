import { listBusinessSettings } from "@/lib/server/settings";
import { handler, list } from "../_lib/http";

export const GET = handler(async () => list(await listBusinessSettings()), { cache: "content" });
