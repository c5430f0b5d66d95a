import { z } from "zod";
import { requireIdentity } from "@/lib/accounts";
import { customerReturns, requestReturn } from "@/lib/orders";
import { RETURN_MESSAGES } from "@/lib/orders/returns";
import { action, handler, list, parse } from "../_lib/http";
import { presentReturn, readReturnForm } from "../_lib/returns";

const listQuery = z.object({
  order_id: z
    .string()
    .regex(/^\d{1,10}$/, { error: "order_id must be an order's id." })
    .transform(Number)
    .optional(),
});

/** GET /returns[?order_id=]: the caller's returns, newest first (another customer's never). */
export const GET = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const { order_id } = parse(listQuery, Object.fromEntries(request.nextUrl.searchParams));
    return list((await customerReturns(user.id, order_id)).map(presentReturn));
  },
  { personal: true },
);

/**
 * POST /returns (multipart/form-data: order_line_id, kind "return" | "damage", quantity, reason,
 * up to three image files in "photos"): the caller asks to return pieces of a delivered line of
 * their own order within 7 days of delivery (docs/back-office.md "Returns"). 201 with the return.
 */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const { input, photos } = await readReturnForm(request);
    const created = await requestReturn(user.id, input, photos);
    return action(true, RETURN_MESSAGES.requested, 201, { return: presentReturn(created) });
  },
  { personal: true },
);
