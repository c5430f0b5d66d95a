import { assertOwnUserId, createAddress, presentAddress, requireIdentity } from "@/lib/accounts";
import { addressCreateSchema } from "@/lib/accounts/schemas";
import { action, handler, readJson } from "../../../_lib/http";

/** POST /user/shipping/create: a new address; the first one becomes the default. */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const input = await readJson(request, addressCreateSchema);
    assertOwnUserId(input.user_id, user);
    const address = await createAddress(user.id, input);
    return action(true, "Address added successfully", 201, { data: presentAddress(address) });
  },
  { personal: true },
);
