import { ADDRESS_NOT_FOUND, assertOwnUserId, presentAddress, requireIdentity, updateAddress } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { addressUpdateSchema } from "@/lib/accounts/schemas";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /user/shipping/update: changes one of the caller's addresses; another's id is 404. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const input = await readJson(request, addressUpdateSchema);
    assertOwnUserId(input.user_id, user);
    const address = await updateAddress(user.id, input.id, input);
    if (!address) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return action(true, "Address edited successfully", 200, { data: presentAddress(address) });
  },
  { personal: true },
);
