import { listSliders } from "@/lib/content";
import { handler, list } from "../_lib/http";
import { slider } from "../_lib/present";

export const GET = handler(async () => list((await listSliders()).map(slider)), { cache: "content" });
