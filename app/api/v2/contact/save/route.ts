import { saveContactMessage } from "@/lib/content";
import { contactSchema } from "@/lib/content/schemas";
import { action, handler, readJson } from "../../_lib/http";

/** POST /api/v2/contact/save: stores the contact page's message (name, surname, email, phone, subject, message). */
export const POST = handler(async (request) => {
  const input = await readJson(request, contactSchema);
  await saveContactMessage(input);
  return action(true, "Thank you for writing to us! We will reply within 24 hours.", 201);
});
