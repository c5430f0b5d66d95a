import { handleShiprocketWebhook } from "@/lib/orders";
import { action, errorResponse, handler, readBytes } from "../../_lib/http";

/**
 * POST /api/v2/webhooks/shiprocket: Shiprocket's tracking push (not signed). Admitted only with the
 * configured token in x-api-key (SHIPROCKET_WEBHOOK_TOKEN, compared in constant time): none 401,
 * wrong 403, and nothing changes. The store then fetches the AWB's tracking from Shiprocket and
 * applies the move the lifecycle table allows; the push's own body is never trusted.
 */
export const POST = handler(
  async (request) => {
    const raw = (await readBytes(request, 256 * 1024, "The webhook body is too large.")).toString("utf8");
    const outcome = await handleShiprocketWebhook(request.headers, raw);
    return outcome.status === 200 ? action(true, outcome.message) : errorResponse(outcome.status, outcome.message);
  },
  { systemKey: false },
);
