import { newRecoveryCodes, requireStaffSession } from "@/lib/accounts";
import { passwordCheckSchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, readJson } from "../../../../_lib/http";

/** POST /api/v2/admin/me/two-factor/recovery-codes {password}: ten new recovery codes (shown once); the old ones stop working. */
export const POST = handler(
  async (request) => {
    const staff = await requireStaffSession(request);
    const { password } = await readJson(request, passwordCheckSchema);
    const codes = await newRecoveryCodes(staff, password, request.headers);
    return staffAnswer(staff, action(true, "New recovery codes. The old ones no longer work.", 200, { recovery_codes: codes }));
  },
  { personal: true },
);
