import type { NextRequest } from "next/server";
import { NO_STORE } from "@/lib/platform/cache-policy";
import { readBytes } from "../../_lib/http";
import { handleCallback, paymentResponsePath } from "@/lib/orders";
import { log } from "@/lib/platform/log";

/** The fields a provider posts are a few hundred bytes. */
const MAX_CALLBACK_BYTES = 16 * 1024;

const redirectTo = (location: string) => new Response(null, { status: 303, headers: { Location: location, "Cache-Control": NO_STORE } });

/**
 * The posted fields as name-value pairs: application/x-www-form-urlencoded (the checkout's form
 * post) or a JSON object; anything unreadable is no fields. What they mean is the provider's to say.
 */
async function fieldsOf(request: NextRequest): Promise<[string, unknown][]> {
  const text = new TextDecoder().decode(await readBytes(request, MAX_CALLBACK_BYTES, "Request body is too large."));
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json") || /^\s*\{/.test(text)) {
    try {
      const body: unknown = JSON.parse(text);
      return body && typeof body === "object" && !Array.isArray(body) ? Object.entries(body) : [];
    } catch {
      return [];
    }
  }
  return [...new URLSearchParams(text).entries()];
}

/**
 * POST /payments/callback?order=<code>: where the browser lands after paying (Razorpay's
 * callback_url, or the sandbox's page). No session and no System-Key: the provider's signature
 * is the proof, checked against the provider order the store stored for this order. Always
 * answers 303 to the payment response page, response=1 only for a payment recorded as paid.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const code = request.nextUrl.searchParams.get("order") ?? "";
  try {
    const fields = await fieldsOf(request);
    const outcome = await handleCallback(code, fields);
    return redirectTo(paymentResponsePath(outcome.ok, outcome.code));
  } catch (error) {
    log.error({ err: error }, "payment callback failed");
    return redirectTo(paymentResponsePath(false, /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null));
  }
}
