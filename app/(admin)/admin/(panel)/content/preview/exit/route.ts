import { draftMode } from "next/headers";
import { NO_STORE } from "@/lib/platform/cache-policy";

/** GET /admin/content/preview/exit: turns draft mode off for this browser and goes back to the content pages. */
export async function GET(): Promise<Response> {
  (await draftMode()).disable();
  return new Response(null, { status: 303, headers: { Location: "/admin/content/blog", "Cache-Control": NO_STORE } });
}
