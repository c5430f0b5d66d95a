import { listBusinessSettings } from "@/lib/platform/settings";
import { handler, list } from "../_lib/http";

export const GET = handler(async () => list(await listBusinessSettings()), { cache: "content" });
