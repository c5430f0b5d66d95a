import { exportAccount, requireIdentity } from "@/lib/accounts";
import { handler } from "../../_lib/http";

/** GET /account/export: everything the store keeps about the caller, as a JSON download. */
export const GET = handler(
  async (request) => {
    const { user } = await requireIdentity(request);
    const data = await exportAccount(user.id);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(JSON.stringify(data, null, 2), {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="my-data-${day}.json"` },
    });
  },
  { personal: true },
);
