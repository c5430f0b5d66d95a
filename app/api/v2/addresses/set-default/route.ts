import { ADDRESS_NOT_FOUND, requireIdentity, setDefaultAddress } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { addressIdQuery } from "@/lib/accounts/schemas";
import { action, handler, parse } from "../../_lib/http";

/** GET (the spec's call) or POST /addresses/set-default?address_id=: makes it the only default. */
const setDefault = handler(
  async (request) => {
    const { user } = await requireIdentity(request, { changes: true });
    const { address_id } = parse(addressIdQuery, Object.fromEntries(request.nextUrl.searchParams));
    if (!(await setDefaultAddress(user.id, address_id))) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return action(true, "Address set as default!");
  },
  { personal: true },
);

export const GET = setDefault;
export const POST = setDefault;
