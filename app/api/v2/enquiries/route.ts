import { ENQUIRY_TEAMS, saveEnquiry } from "@/lib/content";
import { enquirySchema } from "@/lib/content/schemas";
import { action, handler, readJson } from "../_lib/http";

/** POST /api/v2/enquiries: stores a gifting, bulk deals or corporate enquiry by its kind. */
export const POST = handler(async (request) => {
  const input = await readJson(request, enquirySchema);
  await saveEnquiry(input);
  return action(true, `Thank you, ${input.name}! Our ${ENQUIRY_TEAMS[input.kind]} team will get back to you within 24 hours.`, 201);
});
