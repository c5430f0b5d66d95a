import { requireIdentity } from "@/lib/accounts";
import { customerReturn } from "@/lib/orders";
import { returnIdParam } from "@/lib/orders/returns";
import { handler, list, parse } from "../../_lib/http";
import { presentReturn } from "../../_lib/returns";

/** GET /returns/{id}: one of the caller's returns; another customer's is 404. */
export const GET = handler<{ id: string }>(
  async (request, params) => {
    const { user } = await requireIdentity(request);
    const { id } = parse(returnIdParam, params);
    return list(presentReturn(await customerReturn(user.id, id)));
  },
  { personal: true },
);
