import { z } from "zod";
import { requireIdentity } from "@/lib/accounts";
import { startPayment } from "@/lib/orders";
import { presentPaymentStart } from "../../_lib/checkout";
import { handler, readJson } from "../../_lib/http";

const startSchema = z.object({ order_id: z.coerce.number().int("Choose an order to pay.").positive("Choose an order to pay.").max(2_147_483_647, "Choose an order to pay.") });

/**
 * POST /payments/start {order_id}: the checkout parameters for paying the customer's own unpaid
 * online order. Every call for the same order (Retry Payment, a double click) gets the same
 * provider order; another customer's order is 404.
 */
export const POST = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const { order_id } = await readJson(request, startSchema);
    return Response.json(presentPaymentStart(await startPayment(user.id, order_id)));
  },
  { personal: true },
);
