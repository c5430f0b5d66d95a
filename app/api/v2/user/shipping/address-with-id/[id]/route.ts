import { z } from "zod";
import { ADDRESS_NOT_FOUND, getAddress, presentAddress, requireIdentity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { idParam } from "@/lib/platform/fields";
import { handler, list, parse } from "../../../../_lib/http";

/** GET /user/shipping/address-with-id/{id}: one of the caller's addresses; another's id is 404. */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const { user } = await requireIdentity(request);
    const { id } = parse(z.object({ id: idParam }), params);
    const address = await getAddress(user.id, id);
    if (!address) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return list([presentAddress(address)]);
  },
  { personal: true },
);
