import { ADDRESS_NOT_FOUND, deleteAddress, requireIdentity } from "@/lib/accounts";
import { ApiError } from "@/lib/platform/errors";
import { addressIdQuery } from "@/lib/accounts/schemas";
import { action, handler, parse } from "../../_lib/http";

/** GET (the spec's call) or POST /addresses/destroy?address_id=: deletes one of the caller's addresses. */
const destroy = handler(
  async (request) => {
    const { user } = await requireIdentity(request, { changes: true });
    const { address_id } = parse(addressIdQuery, Object.fromEntries(request.nextUrl.searchParams));
    if (!(await deleteAddress(user.id, address_id))) throw new ApiError(404, ADDRESS_NOT_FOUND);
    return action(true, "Address deleted successfully");
  },
  { personal: true },
);

export const GET = destroy;
export const POST = destroy;
export const DELETE = destroy;
