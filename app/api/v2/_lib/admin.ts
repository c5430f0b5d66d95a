import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/platform/config";
import { ApiError } from "@/lib/platform/errors";

const digest = (v: string) => createHash("sha256").update(v).digest();

/** The admin API answers only to the Admin-Key header, and not at all when ADMIN_KEY is unset. */
export function requireAdmin(request: Request): void {
  const key = getConfig().adminKey;
  if (!key) throw new ApiError(404, "Not found.");
  const sent = request.headers.get("admin-key");
  if (!sent || !timingSafeEqual(digest(sent), digest(key))) throw new ApiError(401, "Missing or invalid Admin-Key header.");
}
