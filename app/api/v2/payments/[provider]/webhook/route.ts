import { handleWebhook } from "@/lib/orders";
import { handler, MAX_BODY_BYTES, readBytes } from "../../../_lib/http";

/**
 * POST /payments/{sandbox|razorpay}/webhook: the provider's events. The body is read once, as
 * text and handed with the headers to the provider, which checks its signature (Razorpay's
 * X-Razorpay-Signature) over exactly those bytes before anything else; a bad signature is 400 and changes nothing; an event id seen before is 200 and changes
 * nothing. No System-Key: the provider does not have it, the signature is the proof.
 */
export const POST = handler<{ provider: string }>(
  async (request, params) => {
    // Read with a cap as it streams: a chunked body has no Content-Length to refuse it by.
    const rawBody = new TextDecoder().decode(await readBytes(request, MAX_BODY_BYTES, "Request body is larger than 1 MB."));
    const outcome = await handleWebhook(params.provider, rawBody, request.headers);
    return Response.json({ result: outcome.status < 400, message: outcome.message }, { status: outcome.status });
  },
  { systemKey: false },
);
