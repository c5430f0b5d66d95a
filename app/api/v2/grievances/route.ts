import { countFormPost, identify, requestIp } from "@/lib/accounts";
import { fileGrievance, GRIEVANCE_MESSAGES } from "@/lib/content";
import { grievanceSchema } from "@/lib/content/grievance-rules";
import { action, handler, readJson } from "../_lib/http";

/**
 * POST /api/v2/grievances {name, email, phone?, order_code?, message}: files a complaint with the
 * grievance officer (E-Commerce Rules 2020) and answers its ticket number, also mailed. Valid
 * posts count toward a limit per address and per email (429 beyond it). A signed-in customer's
 * account is noted with it.
 */
export const POST = handler(
  async (request) => {
    const input = await readJson(request, grievanceSchema);
    await countFormPost("grievance", input.email, requestIp(request));
    const identity = await identify(request.headers);
    const { ticket } = await fileGrievance(input, identity?.user.id ?? null);
    return action(true, GRIEVANCE_MESSAGES.filed(ticket), 201, { ticket });
  },
  { personal: true },
);
