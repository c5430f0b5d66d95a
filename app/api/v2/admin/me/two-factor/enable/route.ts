import { enableTwoFactor, requireStaffSession } from "@/lib/accounts";
import { passwordCheckSchema } from "@/lib/accounts/staff-schemas";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, readJson } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/me/two-factor/enable {password}: starts the second factor: the otpauth:// URI
 * for an authenticator app and ten recovery codes (shown once). It is on once
 * POST /admin/me/two-factor/verify gets a code of it.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaffSession(request);
    const { password } = await readJson(request, passwordCheckSchema);
    const { totpUri, recoveryCodes } = await enableTwoFactor(staff, password, request.headers);
    return staffAnswer(staff, action(true, "Add the key to your authenticator app, then send one of its codes to /admin/me/two-factor/verify. Keep the recovery codes somewhere safe.", 200, { totp_uri: totpUri, recovery_codes: recoveryCodes }));
  },
  { personal: true },
);
