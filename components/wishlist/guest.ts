import type { MouseEvent } from "react";
import { setFlash } from "@/lib/platform/client/flash";

export const WISHLIST_GUEST_MESSAGE = "You need to be logged in to add items to the wishlist.";

/**
 * A guest's wishlist link leads to /login, which shows the message as a toast (docs/api-v2.md).
 * Only a plain click hands it over: a link opened in another tab would leave it behind here.
 */
export function handOverGuestMessage(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  setFlash({ kind: "error", message: WISHLIST_GUEST_MESSAGE });
}
