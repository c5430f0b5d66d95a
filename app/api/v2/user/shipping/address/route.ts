import { listAddresses, presentAddress, requireIdentity } from "@/lib/accounts";
import { handler, list } from "../../../_lib/http";

/** GET /user/shipping/address: the caller's addresses, the default first. */
export const GET = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    return list((await listAddresses(user.id)).map(presentAddress));
  },
  { personal: true },
);
