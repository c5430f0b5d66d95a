import { z } from "zod";
import { requireIdentity, type Identity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { slugParam } from "@/lib/platform/fields";

export const WISHLIST_ADD_SIGN_IN = "You need to be logged in to add items to the wishlist.";
export const WISHLIST_REMOVE_SIGN_IN = "You need to be logged in to remove items from the wishlist.";

export const wishlistSlugParams = z.object({ slug: slugParam });

/**
 * The caller of a wishlist change (the spec's GET calls change data, so a cookie session must send
 * X-Requested-With); a guest gets 401 with that call's own text (docs/api-v2.md).
 */
export async function wishlistIdentity(request: Request, guestMessage: string): Promise<Identity> {
  try {
    return await requireIdentity(request, { changes: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, guestMessage);
    throw error;
  }
}
