import { after } from "next/server";
import { z } from "zod";
import type { ApiSandboxPay } from "@/lib/api/types";
import { handleWebhook, sandboxPay } from "@/lib/orders";
import { handler, readJson } from "../../../_lib/http";
import { log } from "@/lib/platform/log";

const paySchema = z.object({
  provider_order_id: z.string().trim().regex(/^order_[A-Za-z0-9]{14}$/, "Unknown sandbox order."),
  outcome: z.enum(["success", "failure"]),
  /** Paise the "bank" takes instead of the order's amount: lets a test tamper with the amount. */
  amount: z.number().int().min(1).max(1_000_000_000).optional(),
});

/** The provider's webhook arrives a moment after the browser is sent back, as with Razorpay. */
const WEBHOOK_DELAY_MS = 400;

/**
 * POST /payments/sandbox/pay {provider_order_id, outcome, amount?}: the sandbox "bank" behind the
 * test payment page. Records the attempt in the sandbox's ledger and answers the fields the
 * browser posts to the callback_url; then sends the signed webhook event to the store's own
 * webhook handler. 404 when the sandbox is switched off (a real deployment).
 */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, paySchema);
    const paid = await sandboxPay(input.provider_order_id, input.outcome, input.amount);
    after(async () => {
      await new Promise((resolve) => setTimeout(resolve, WEBHOOK_DELAY_MS));
      const outcome = await handleWebhook("sandbox", paid.webhook.rawBody, paid.webhook.headers).catch((error: unknown) => {
        log.error({ err: error }, "sandbox webhook failed");
        return null;
      });
      if (outcome && outcome.status >= 400) log.error({ status: outcome.status, message: outcome.message }, "sandbox webhook refused");
    });
    const answer: ApiSandboxPay = { result: true, payment_id: paid.paymentId, fields: paid.fields };
    return Response.json(answer);
  },
  { personal: true },
);
