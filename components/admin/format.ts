import { formatDate, IST_OFFSET_MS } from "@/lib/platform/format";

/** "5 Mar 2026, 14:05" in India time; "" when `iso` is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  const day = formatDate(iso);
  if (!day) return "";
  const d = new Date(Date.parse(iso as string) + IST_OFFSET_MS);
  return `${day}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}
