import type { InboxStatusName } from "@/lib/content/inbox-schemas";
import type { Tone } from "./ui";

/** The badge colour of each inbox status: what needs someone stands out. */
export const INBOX_STATUS_TONE: Record<InboxStatusName, Tone> = { new: "amber", in_progress: "blue", answered: "green", closed: "grey" };

/** The shopper's full name as they typed it (a contact message has a surname field too). */
export const senderName = (item: { name: string; surname: string | null }) => (item.surname ? `${item.name} ${item.surname}` : item.name);

/** The start of a long text, cut at `max` characters with an ellipsis; line breaks become spaces. */
export function excerpt(text: string | null, max = 120): string {
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
