import { subscribe } from "@/lib/content";
import { subscriberSchema } from "@/lib/content/schemas";
import { action, handler, readJson } from "../_lib/http";

export const POST = handler(async (request) => {
  const { email } = await readJson(request, subscriberSchema);
  const { created } = await subscribe(email);
  return created
    ? action(true, "Thank you for subscribing! Look out for our next newsletter.", 201)
    : action(false, "This email is already subscribed to our newsletter.", 409);
});
