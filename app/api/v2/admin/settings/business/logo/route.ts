import { requireStaff } from "@/lib/accounts";
import { LOGO_MAX_BYTES, setLogo, SETTINGS_ADMIN_MESSAGES } from "@/lib/content";
import { LOGO_TYPES, type LogoType } from "@/lib/content/settings-schemas";
import { ApiError } from "@/lib/platform/errors";
import { staffAnswer } from "../../../../_lib/admin";
import { action, handler, readBytes } from "../../../../_lib/http";

/**
 * POST /api/v2/admin/settings/business/logo (settings:update): multipart/form-data with the image
 * in "logo" and which one in "type" (header_logo_path, footer_logo_path, site_icon_path). Checked
 * by its content, re-encoded and stored; the storefront shows it at once.
 */
export const POST = handler(
  async (request) => {
    const staff = await requireStaff(request, "settings", "update");
    const m = SETTINGS_ADMIN_MESSAGES.logo;
    const type = request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("multipart/form-data")) throw new ApiError(415, m.none);
    const body = await readBytes(request, LOGO_MAX_BYTES + 64 * 1024, m.tooLarge);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    } catch {
      throw new ApiError(400, "The upload could not be read as multipart/form-data.");
    }
    const which = form.get("type");
    if (typeof which !== "string" || !(LOGO_TYPES as readonly string[]).includes(which)) throw new ApiError(422, m.type, { type: [m.type] });
    const file = form.get("logo");
    if (!(file instanceof Blob)) throw new ApiError(422, m.none, { logo: [m.none] });
    const settings = await setLogo(which as LogoType, Buffer.from(await file.arrayBuffer()), staff.actor);
    return staffAnswer(staff, action(true, SETTINGS_ADMIN_MESSAGES.logoSaved, 200, { data: settings }));
  },
  { personal: true },
);
